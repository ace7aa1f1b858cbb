import { expect } from 'vitest';
import { uncoveredPaths } from '../verdict/uncoveredPaths.ts';
import type { RunReport } from '../verdict/RunReport.ts';
import type { SuiteName } from '../catalogue/suites.ts';

/**
 * Fails when a path of the suite's clause × path matrix (specs/<suite>.paths.json) was judged by no check
 * of the run: a check that passed or failed and declared it, without saying it could not judge it there.
 * For the suites' own tests, over the report of a run against a target that exercises every path.
 */
export function expectEveryPathJudged(report: RunReport, suite: SuiteName, target?: string): void {
  const missing = uncoveredPaths(suite, report.checks, target).map((p) => `${p.clause} ${p.path}: ${p.description}`);
  const notJudged = report.checks.flatMap((c) => (c.notJudged ?? []).map((n) => `${c.clause} ${n.path}: ${n.reason}`));
  expect(missing, `paths of specs/${suite}.paths.json that no check judged${notJudged.length ? ` (checks said they could not judge: ${notJudged.join('; ')})` : ''}`).toEqual([]);
}
