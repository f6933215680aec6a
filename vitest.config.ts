import { defineConfig } from 'vitest/config';

// Test files that replace a module with vi.mock: they need a module registry of their own, so they run isolated.
const MOCKING = [
  'apps/server/src/modules/mail/inbox-lookup.test.ts',
  'apps/server/src/modules/exams/exams.fast.test.ts',
  'apps/server/test/fast-paths.test.ts',
  'apps/server/test/routes-in-contracts.test.ts',
];

const server = {
  environment: 'node' as const,
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Two cores: more workers only queue behind the WASM database. Set once for every project, as
    // Vitest refuses projects with different worker limits in the same sequence group.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...server,
          name: 'server',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'content/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...MOCKING],
          // Every file builds its own app on its own database, so they can share one module graph per worker:
          // importing the server once instead of once per file halves the suite's time (it runs three times in CI).
          isolate: false,
        },
      },
      { test: { ...server, name: 'server-mocking', include: MOCKING } },
      'apps/web/vitest.config.ts',
    ],
  },
});
