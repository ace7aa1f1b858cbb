import { findClause, isClientClause } from '../catalogue/catalogue.ts';
import { loadPathMatrix } from '../catalogue/pathMatrix.ts';
import type { CheckResult } from './RunReport.ts';
import type { SuiteName } from '../catalogue/suites.ts';

export interface UncoveredPath {
  suite: SuiteName;
  clause: string;
  path: string;
  description: string;
}

/**
 * The paths of the suite's matrix that no check of `checks` judged: a check judges the paths it declares
 * (less those it said it could not judge in this run), when it passed or failed; a skipped or blocked
 * check judged nothing. Per target when `target` is given. The client clauses' paths are left out: no
 * suite judges a client (the mocks and the proxy do, src/client/).
 */
export function uncoveredPaths(suite: SuiteName, checks: readonly CheckResult[], target?: string): UncoveredPath[] {
  const matrix = loadPathMatrix(suite);
  if (!matrix) return [];
  const judged = new Set(
    checks
      .filter((c) => c.suite === suite && (target === undefined || c.target === target) && (c.status === 'passed' || c.status === 'failed'))
      .flatMap((c) => (c.paths ?? []).map((p) => `${c.clause} ${p}`)),
  );
  return Object.entries(matrix.clauses).flatMap(([clause, paths]) =>
    Object.entries(isClientClause(findClause(suite, clause) ?? {}) ? {} : paths)
      .filter(([path]) => !judged.has(`${clause} ${path}`))
      .map(([path, description]) => ({ suite, clause, path, description })),
  );
}
