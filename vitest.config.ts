import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: more workers only queue behind the WASM database. Set once for every project, as
    // Vitest refuses projects with different worker limits in the same sequence group.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'content/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
