import { defineConfig } from 'vitest/config';

// One run, three kinds of tests: pure unit tests, server integration tests on real Postgres,
// and browser tests in Chromium. Integration and browser tests start real processes, so they
// get generous timeouts and run one file at a time per core.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      './packages/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
