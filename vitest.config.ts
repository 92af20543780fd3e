import { defineConfig } from 'vitest/config';

// Tests that play video in real time (a live source, the served demo) need the CPU they ask for: a
// pipeline starved by other test files drops frames and, with them, what happened in a stroke. They
// run after the rest, one file at a time.
const REALTIME = ['tests/run-cli-live.test.ts', 'tests/serve-cli.test.ts', 'tests/serve-source.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // 2 cores on the CI machine: two workers keep the suite fast without thrashing.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'tests',
          include: ['tests/**/*.test.ts'],
          exclude: REALTIME,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'realtime',
          include: REALTIME,
          poolOptions: { forks: { singleFork: true } },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
