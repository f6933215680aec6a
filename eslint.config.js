import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The server's feature modules, read from the folder so a new one is covered the day it lands (decision 018). */
const serverModules = readdirSync(new URL('./apps/server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .join('|');
const FACE_MESSAGE =
  "another module is used through its face, '<module>/index.js' (decision 018); a test takes other modules' fixtures from apps/server/test/fixtures.ts";
const SQL_MESSAGE = 'queries live in *.repository.ts files (decision 018): call a repository function instead';

/**
 * Files outside repositories that may still build SQL, each for a reason the layering cannot serve:
 * - lib/settings.ts: the settings store is the settings table's repository and its 2 s cache in one object, which
 *   Deps holds; splitting the cache from its two statements would only add a file.
 */
const SQL_ALLOWED = ['apps/server/src/lib/settings.ts'];
const SQL_PATTERNS = [
  { group: ['drizzle-orm', 'drizzle-orm/*'], message: SQL_MESSAGE },
  { group: ['@gre/db/queries'], allowTypeImports: true, message: SQL_MESSAGE },
  { regex: '(^|/)lib/raw-query\\.js$', message: SQL_MESSAGE },
];

/** The web talks to the server only through the contracts. */
const WEB_CONTRACTS_ONLY = {
  group: ['@gre/server', '@gre/db', '**/apps/server/**', '**/packages/db/**', 'drizzle-orm*'],
  message: 'web imports only @gre/contracts',
};
const WEB_FACE_MESSAGE =
  "a web feature is used from outside through its face, 'features/<feature>' (its index.ts, decision 019); its test-utils/ hold the fixtures other tests may use, and a lazy import() names the page or widget it loads";
/** An import of a web feature's own file from outside that feature, `prefix` being how the path reaches the feature folder. */
const webFeatureFile = (prefix) => ({ regex: `${prefix}(?!test-utils/)`, message: WEB_FACE_MESSAGE });
/** From anywhere: a path through a `features/` folder (components, the route table, tests at the root). */
const WEB_FEATURE_BY_PATH = webFeatureFile('(^|/)features/[^/]+/');

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'bench/results/**',
      'packages/db/migrations/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // Every TypeScript file belongs to a workspace tsconfig except the root vitest.config.ts, which has no
        // workspace of its own; the default project gives it types without a root tsconfig that tsc would also need.
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // Not yet: its 45 findings are mostly implementations of async interfaces (Fastify async hooks and handlers, the
      // in-memory rate limiter and job queue standing in for Redis, fetch fakes in tests), where dropping `async` turns
      // a throw into a synchronous one and changes what callers see. Each needs its own look (issue 11 item 7).
      '@typescript-eslint/require-await': 'off',
    },
  },
  // The JavaScript files (build and dev scripts, the video runtime) are in no tsconfig, as nothing sets allowJs:
  // there are no types to check them against.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/web/tsconfig.json'] })],
      // import-x follows imports only into files of these extensions; without .tsx it saw no cycle through a component
      // (the old route table ↔ nav bar one included).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Shared widgets live in components/, features meet through their faces, the nav reads route-table.ts (decision
      // 019). Lazy import()s count too: a cycle through a page is still a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': ['error', { patterns: [WEB_CONTRACTS_ONLY, WEB_FEATURE_BY_PATH] }],
      // React Router loaders throw a Response (redirect, 404) for the router to catch: that is its API, not an error.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
    },
  },
  // Inside a feature another feature is '../<feature>' (or '../../<feature>' from a subfolder such as test-utils/):
  // its face, never one of its files. Each depth needs its own pattern, hence two blocks.
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [WEB_CONTRACTS_ONLY, WEB_FEATURE_BY_PATH, webFeatureFile('^\\.\\./(?!\\.\\.)[^/]+/')] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [WEB_CONTRACTS_ONLY, WEB_FEATURE_BY_PATH, webFeatureFile('^\\.\\./\\.\\./(?!\\.\\.)[^/]+/')] },
      ],
    },
  },
  // Server and packages (decision 018): no import cycle, resolved through the TypeScript projects.
  {
    files: ['apps/server/**/*.ts', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Inside a module, another module is reached only through its face; its own files by ./ paths (a subfolder of a
  // module may share a module's name: essays' judge/calibration). modules/index.ts joins the faces by ./ paths.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^(\\.\\./)+(${serverModules})/(?!index\\.js$)`, message: FACE_MESSAGE }] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^\\./(${serverModules})/(?!index\\.js$)`, message: FACE_MESSAGE }] },
      ],
    },
  },
  // The rest of the server (app, main, plugins, lib, jobs) likewise; the test harness in apps/server/test is the
  // one place that opens modules' fixtures, re-exported by test/fixtures.ts.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `(^|/)modules/(${serverModules})/(?!index\\.js$)`, message: FACE_MESSAGE }] },
      ],
    },
  },
  // Layers: only repositories (and tests, fixtures, SQL_ALLOWED) import drizzle-orm, the shared query pieces of
  // @gre/db/queries (their row types excepted) or the bare driver of lib/raw-query.ts. typescript-eslint's copy of
  // the rule, so its options do not replace the face patterns above on the same files.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts', '**/*.fixtures.ts', ...SQL_ALLOWED],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: SQL_PATTERNS }],
    },
  },
  // Routes stay HTTP only: they call services, never a repository.
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SQL_PATTERNS,
            {
              regex: '\\.repository\\.js$',
              message: 'routes call services; only services call repositories (decision 018)',
            },
          ],
        },
      ],
    },
  },
);
