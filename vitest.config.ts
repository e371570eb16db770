import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Builds first when dist/ is older than src/: many suites run bin/ or dist/ like a user does.
    globalSetup: ['src/test-support/global-setup.ts'],
    // No test starts a real agent CLI or sends anything anywhere; every file's test folders are removed
    // when it is done (see the files).
    setupFiles: ['src/test-support/hermetic-readers.ts', 'src/test-support/clean-after-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the CPUs: one on a 2-core machine, where the second core was
    // left to the CLIs the tests spawned. Most CLI cases now run in-process (test-support/cli.ts), so both
    // cores run test files; a larger machine keeps the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker runs one test file after another in one process: starting a process and loading the test
    // runner for each of ~250 files took about a second of each. Tests keep no state between files (process
    // env and working folder are restored, test folders removed after each file).
    isolate: false,
    // The built CLI that runCli runs in-process (test-support/cli.ts) is loaded by Node itself, as
    // bin/retrospect.js loads it: the same code at the same speed, not a copy rewritten by the test runner.
    server: { deps: { external: [/[\\/]dist[\\/]/] } },
    tags: [
      {
        name: 'race',
        description:
          'Many processes racing for one lock or file; slow on a loaded machine. `npm run test:quick` leaves them out.',
      },
    ],
    // The seed's suites pin the seed profile (its verdicts are byte-for-byte the original gate's); tests of
    // the calibrated profile, and of the default, choose their profile explicitly.
    env: { RETRO_GATE_PROFILE: 'seed' },
  },
});
