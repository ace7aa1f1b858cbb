import type { CheckResult, RunReport } from './RunReport.ts';
import type { RootCause } from './ReportView.ts';
import type { SuiteName } from '../catalogue/suites.ts';

/**
 * A check that failed, whether the run counts its failure or the suppressions file accepts it: what a
 * check blocked by its clause waits on.
 */
export function isFailure(check: CheckResult): boolean {
  return check.status === 'failed' || check.status === 'accepted';
}

/**
 * A failed SHOULD check of a run that is not strict: a warning. Every format shows it apart from the
 * failures, after them, and it does not change the exit code; under --strict it is a failure like any
 * other. So is one whose clause blocked a MUST check against its target: that check's rule went
 * unverified for it, and the run fails (exitCodeOf), so it is a root cause of that failure.
 */
export function isWarning(run: { strict: boolean; checks: readonly CheckResult[] }, check: CheckResult): boolean {
  if (check.status !== 'failed' || check.level !== 'SHOULD' || run.strict) return false;
  return !blockersOfMust(run.checks).has(clauseKey(check.suite, check.target, check.clause));
}

const blockersCache = new WeakMap<readonly CheckResult[], Set<string>>();

/** The clauses (per target) that blocked a MUST check. */
function blockersOfMust(checks: readonly CheckResult[]): Set<string> {
  let blockers = blockersCache.get(checks);
  if (!blockers) {
    blockers = new Set(checks.filter((c) => c.status === 'blocked' && c.blockedBy && c.level === 'MUST').map((c) => clauseKey(c.suite, c.target, c.blockedBy!)));
    blockersCache.set(checks, blockers);
  }
  return blockers;
}

/** The key of a clause against one target: checks blocked by a clause wait on its checks there, no other. */
export function clauseKey(suite: SuiteName, target: string, clause: string): string {
  return JSON.stringify([suite, target, clause]);
}

/**
 * Each clause against its target with checks of the status (failed, or accepted), with the checks
 * blocked by it, the one that blocked most first.
 */
function failedClauses(report: RunReport, status: 'failed' | 'accepted' = 'failed'): RootCause[] {
  const roots = new Map<string, RootCause>();
  for (const c of report.checks) {
    if (c.status !== status) continue;
    const key = clauseKey(c.suite, c.target, c.clause);
    let root = roots.get(key);
    if (!root) roots.set(key, (root = { suite: c.suite, target: c.target, clause: c.clause, level: c.level, ...(c.group ? { group: c.group } : {}), failed: [], blocked: [] }));
    root.failed.push(c);
  }
  for (const c of report.checks) {
    if (c.status === 'blocked' && c.blockedBy) roots.get(clauseKey(c.suite, c.target, c.blockedBy))?.blocked.push(c);
  }
  // A stable sort keeps run order among roots that blocked as many.
  return [...roots.values()].sort((a, b) => b.blocked.length - a.blocked.length);
}

/**
 * The failures nothing else explains, as every report leads with them: each failed clause against its
 * target with what it blocked, the one that blocked most first (run order among equals). Each failed
 * check that is no warning is in exactly one, and so is each check blocked by it (its blockedBy names a
 * failed clause: resolveBlocked). Warnings are apart: `warnings`.
 */
export function rootCauses(report: RunReport): RootCause[] {
  return failedClauses(report).filter((r) => !r.failed.some((c) => isWarning(report, c)));
}

/** The failed SHOULD clauses of a run that is not strict, as `rootCauses` gives failures: what reports show after them. */
export function warnings(report: RunReport): RootCause[] {
  return failedClauses(report).filter((r) => r.failed.some((c) => isWarning(report, c)));
}

/**
 * The failures the suppressions file accepts, as `rootCauses` gives failures: each clause against its
 * target whose checks failed for accepted causes only, with the checks its failure blocked (they do not
 * fail the run: the entry accepts what the failure keeps from running). A clause with an accepted check
 * and a failed one is a root cause, and what it blocked is listed there.
 */
export function acceptedFailures(report: RunReport): RootCause[] {
  const failed = new Set(failedClauses(report).map((r) => clauseKey(r.suite, r.target, r.clause)));
  return failedClauses(report, 'accepted').map((r) => (failed.has(clauseKey(r.suite, r.target, r.clause)) ? { ...r, blocked: [] } : r));
}

/** Every failed check that is no warning, root causes first: the order the reports list failures in. */
export function failuresInOrder(report: RunReport): CheckResult[] {
  return rootCauses(report).flatMap((r) => r.failed);
}
