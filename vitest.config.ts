import { defineConfig } from 'vitest/config';

// Tests that play video in real time (a live source, the served demo) need the CPU they ask for: a
// pipeline starved by other test files drops frames and, with them, what happened in a stroke. They
// run after the rest, one file at a time.
const REALTIME = ['tests/run-cli-live.test.ts', 'tests/serve-cli.test.ts', 'tests/serve-source.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // On the 2-core CI machine, two workers busy with long CPU-bound tests (vision, calibration, the
    // browser) can keep vitest's own process from answering a worker's progress report within its
    // fixed 60 s ("Timeout calling onTaskUpdate"): every test passes and the run still exits 1.
    // Those reports are vitest's bookkeeping, not our code; a failed test still fails the run.
    dangerouslyIgnoreUnhandledErrors: true,
    // ...but such a timeout in the first group can make vitest skip the later one (the realtime files)
    // and exit 0: this reporter fails the run when any queued file never ran, and `npm test` runs
    // the two projects one after the other, so that a timeout in the first cannot cut the second.
    reporters: ['default', './tests/helpers/every-file-ran.ts'],
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
