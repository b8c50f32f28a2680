import { defineConfig } from 'vitest/config';

// One run, three kinds of tests: pure unit tests, server integration tests on real Postgres,
// and browser tests in Chromium. Integration and browser tests start real processes, so they
// get generous timeouts. Two files run at a time even on two cores (vitest would run one): much
// of a test's time is spent waiting on Postgres and Chromium. Server and browser test files
// share their worker's modules (no isolation): each starts its own platform, and importing the
// server afresh for every file cost more than a third of their time.
export default defineConfig({
  test: {
    maxWorkers: 2,
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
          isolate: false,
        },
      },
      './packages/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          isolate: false,
        },
      },
    ],
  },
});
