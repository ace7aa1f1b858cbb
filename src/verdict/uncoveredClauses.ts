import { isClientClause, loadCatalogue } from '../catalogue/catalogue.ts';
import type { SuiteName } from '../catalogue/suites.ts';
import type { CheckResult, UncoveredClause } from './RunReport.ts';
import { isUnselected } from './unjudgedClauses.ts';

/**
 * Catalogue clauses that no check of the run cites: no check exists for them. A clause whose checks were
 * skipped or blocked has checks; what they left unjudged is said apart (unjudgedClauses), with why. The
 * client clauses are no suite's to cover: the mocks and the proxy judge them.
 */
export function uncoveredClauses(suites: SuiteName[], checks: CheckResult[]): UncoveredClause[] {
  const covered = new Set(checks.filter((c) => !isUnselected(c)).map((c) => `${c.suite}:${c.clause}`));
  return suites.flatMap((suite) =>
    loadCatalogue(suite)
      .clauses.filter((c) => !isClientClause(c) && !covered.has(`${suite}:${c.id}`))
      .map((c) => ({ suite, id: c.id, section: c.section, level: c.level, ...(c.group ? { group: c.group } : {}), rule: c.rule, ...(c.basis ? { basis: c.basis } : {}) })),
  );
}
