import type { CheckResult, RunReport } from './RunReport.ts';
import type { RunVerdict } from './ReportView.ts';
import { acceptedFailures, clauseKey } from './rootCauses.ts';
import { unjudgedClauses } from './unjudgedClauses.ts';

/**
 * 0: every MUST check passed (and, strict, every SHOULD check); 1: a check that counts failed, or could not
 * run because another failed (blocked): its rule went unverified for a failure, whatever that one's level.
 * An accepted failure fails nothing, nor does what it blocked. Strict, a MUST clause not judged on a
 * target (a check skipped) fails the run too; and so, with --require-reasons, does an entry of the
 * suppressions file that has no reason yet.
 */
export function exitCodeOf(report: RunReport): 0 | 1 {
  const counts = (c: CheckResult) => c.level === 'MUST' || report.strict;
  const acceptedOnly = acceptedBlockers(report);
  const fails = (c: CheckResult) => c.status === 'failed' || (c.status === 'blocked' && !acceptedOnly.has(clauseKey(c.suite, c.target, c.blockedBy ?? '')));
  if (report.checks.some((c) => fails(c) && counts(c))) return 1;
  if (report.strict && unjudgedClauses(report.checks).length) return 1;
  return unexplainedFailing(report) ? 1 : 0;
}

/** The suppressions file's entries without a reason, when --require-reasons makes them fail the run; else 0. */
export function unexplainedFailing(report: RunReport): number {
  return report.suppressions?.reasonsRequired ? report.suppressions.unexplained : 0;
}

/** The clauses (per target) whose checks failed for accepted causes only: what they block fails nothing. */
function acceptedBlockers(report: RunReport): Set<string> {
  return new Set(acceptedFailures(report).filter((r) => r.blocked.length).map((r) => clauseKey(r.suite, r.target, r.clause)));
}

export function verdictOf(report: RunReport): RunVerdict {
  if (report.errors?.length) return 'COULD NOT RUN';
  return exitCodeOf(report) === 0 ? 'PASS' : 'FAIL';
}
