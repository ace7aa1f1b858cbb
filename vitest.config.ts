import { configDefaults, defineConfig } from 'vitest/config';

// The project's own tests: `*.test.ts` beside the code they test. The conformance suites
// (`suites/**/*.suite.ts`) run through `conform run` or vitest.conformance.config.ts.
export default defineConfig({
  test: {
    include: ['{src,mocks,suites,bench,scripts,bin}/**/*.test.ts'],
    // A user's project: its tests run where the packed package is installed (installedPackage.test.ts).
    exclude: [...configDefaults.exclude, 'scripts/package-test/user-project/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // expect.poll waits for an event (a request arriving, a connection closing): 1 s, its default, is a
    // wall-time bound a busy machine misses. A poll that never comes true still fails, within the test's time.
    expect: { poll: { timeout: 20_000 } },
  },
});
