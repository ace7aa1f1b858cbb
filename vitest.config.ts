import { defineConfig } from 'vitest/config';

// The project's own tests: `*.test.ts` beside the code they test. The conformance suites
// (`suites/**/*.check.ts`) run through `conform run` or vitest.conformance.config.ts.
export default defineConfig({
  test: {
    include: ['{src,mocks,suites,bench,scripts}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
