import type { CheckResult, CheckStatus, RunReport } from './RunReport.ts';
import { isWarning } from './rootCauses.ts';
import { unjudgedClauses } from './unjudgedClauses.ts';

/**
 * The report's counts: each check in one of them (a warning is a failed check counted apart), and the
 * MUST clauses not judged on a target (unjudgedClauses).
 */
export function summaryOf(run: { strict: boolean; checks: readonly CheckResult[] }): RunReport['summary'] {
  const count = (status: CheckStatus) => run.checks.filter((c) => c.status === status).length;
  const warned = run.checks.filter((c) => isWarning(run, c)).length;
  return {
    passed: count('passed'),
    failed: count('failed') - warned,
    accepted: count('accepted'),
    warnings: warned,
    blocked: count('blocked'),
    skipped: count('skipped'),
    unjudged: unjudgedClauses(run.checks).length,
  };
}
