import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** One test file's time in a run of the project's tests. */
export interface TestFileTime {
  file: string;
  /** The vitest project that ran it. */
  project: string;
  /** Milliseconds to start its worker's environment and import the file (its suites collected). */
  importMs: number;
  /** Milliseconds its tests and hooks took, beforeAll and afterAll included (concurrent tests overlap). */
  runMs: number;
  tests: number;
  state: string;
}

/**
 * A vitest reporter writing each test file's time to the JSON file `$CONFORM_TEST_TIMES` names, for
 * `npm run bench -- tests`. vitest's JSON reporter spans a file from its first test's start to its last
 * test's end: a beforeAll that runs a whole `conform run`, and the file's import, fall outside it. A
 * module's diagnostic holds both.
 */
export default class TestFileTimes implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const out = process.env.CONFORM_TEST_TIMES;
    if (!out) return;
    const times = modules.map((m): TestFileTime => {
      const d = m.diagnostic();
      return {
        file: relative(process.cwd(), m.moduleId),
        project: m.project.name,
        importMs: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration,
        runMs: d.duration,
        tests: [...m.children.allTests()].length,
        state: m.state(),
      };
    });
    writeFileSync(out, JSON.stringify(times, null, 2));
  }
}
