import { globSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/LongestFirst.ts';
import { whyIsolated } from './scripts/testIsolation.ts';

// The project's own tests: `*.test.ts` beside the code they test. The conformance suites
// (`suites/**/*.suite.ts`) run through `conform run` or vitest.conformance.config.ts.
const include = ['{src,mocks,suites,bench,scripts,bin}/**/*.test.ts'];
// A user's project: its tests run where the packed package is installed (installedPackage.test.ts).
const exclude = [...configDefaults.exclude, 'scripts/package-test/user-project/**'];
const isolated = globSync(include, { exclude }).filter((file) => whyIsolated(file) !== undefined);

export default defineConfig({
  test: {
    // No `include` here: a project that extends this config would add it to its own (arrays are merged).
    exclude,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // expect.poll waits for an event (a request arriving, a connection closing): 1 s, its default, is a
    // wall-time bound a busy machine misses. A poll that never comes true still fails, within the test's time.
    expect: { poll: { timeout: 20_000 } },
    // Most of the time the files wait on sockets and on the processes they start, not on this process's
    // CPU: three at once on 2 cores (vitest's default there is one) keeps the cores busy, and gets them a
    // fair share beside other work on the machine. Beside two busy processes vitest took 800 s with two at
    // once (a CI run) and 722 s with three (npm run bench -- tests --busy 2). Four took 610 s where three
    // took 621 and 631 s with the same order of files (busy runs of clean clones, the busy processes in
    // sessions of their own): no more than the spread between runs, for a heavier load on every file.
    // Workers that each lead a session of their own (a pool forking them detached), to get a share of
    // the cores each, took 692 s and 917 CPU-s in such a run, where these took 586 s and 767 CPU-s.
    maxWorkers: 3,
    // The longest files first (scripts/LongestFirst.ts says why).
    sequence: { sequencer: LongestFirst },
    projects: [
      // A fresh process per file (scripts/testIsolation.ts says which files need one, and why).
      { extends: true, test: { name: 'isolated', include: isolated } },
      // The rest share a worker with the files before them: their modules are loaded once per worker.
      { extends: true, test: { name: 'shared', include, exclude: [...exclude, ...isolated], isolate: false } },
    ],
  },
});
