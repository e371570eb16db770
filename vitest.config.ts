import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The seed's suites pin the seed profile (its verdicts are byte-for-byte the original gate's); tests of
    // the calibrated profile, and of the default, choose their profile explicitly.
    env: { RETRO_GATE_PROFILE: 'seed' },
  },
});
