import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', 'packages/db/migrations/**', '**/test-results/**', '**/playwright-report/**', '.test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web talks to the server only through the contracts.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@gre/server', '@gre/db', '**/apps/server/**', '**/packages/db/**', 'drizzle-orm*'], message: 'web imports only @gre/contracts' }] },
      ],
    },
  },
);
