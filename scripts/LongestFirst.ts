// The order vitest starts the project's test files in: the longest first, so the few files that take
// minutes (each runs many `conform` commands) start at once rather than behind the quick ones. vitest
// orders by the durations it cached from earlier runs, and a clean clone (CI) has none: it would order
// by file size, and on a 2-core machine beside two busy processes the longest file started three minutes
// in and ended the run alone, 46 s after every other file. scripts/testDurations.json holds the files'
// seconds from a run (`npm run bench -- tests --save-durations` writes it); the files it does not name,
// the quick ones, keep vitest's order, right after the longest file (sort says why).
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const durations = JSON.parse(readFileSync(new URL('./testDurations.json', import.meta.url), 'utf8')) as Record<string, number>;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const seconds = (spec: TestSpecification) => durations[spec.moduleId.slice(spec.project.config.root.length + 1)] ?? 0;
    // Array.prototype.sort is stable: files without a duration keep vitest's order.
    const longestFirst = ordered.sort((a, b) => seconds(b) - seconds(a));
    // The longest file, then the quick ones (the table names only files that take a while), then the
    // rest: the quick files share one worker, one after another, and last they ran alone for 170 s at the
    // end of a busy run, after the longest file had ended.
    const [longest, ...rest] = longestFirst;
    if (!longest) return longestFirst;
    return [longest, ...rest.filter((f) => seconds(f) === 0), ...rest.filter((f) => seconds(f) > 0)];
  }
}
