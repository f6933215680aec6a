import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'content/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: more workers only queue behind the WASM database.
          maxWorkers: 2,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
