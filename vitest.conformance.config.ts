import { defineConfig } from 'vitest/config';

/**
 * The conformance suites as plain vitest: `npx vitest run --config vitest.conformance.config.ts suites/unit-record`
 * with targets in environment variables (see README). `conform run` drives this same configuration.
 */
export default defineConfig({
  test: {
    include: ['suites/**/*.check.ts'],
    globalSetup: ['src/harness/globalSetup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
