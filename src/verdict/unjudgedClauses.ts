import type { CheckResult, UnjudgedClause } from './RunReport.ts';

/**
 * The MUST clauses each target was not judged on, in run order: a clause whose checks against the
 * target were skipped (for a reason the check gave: a key too short to search for, generated checks
 * turned off) or blocked by another clause's failure, all of them or some (`checks` of `of`). A check
 * skipped without a reason was not selected (--grep) and is no part of the run: it leaves nothing
 * unjudged, as it covers nothing.
 */
export function unjudgedClauses(checks: readonly CheckResult[]): UnjudgedClause[] {
  const clauses = new Map<string, { first: CheckResult; of: number; reasons: string[]; unjudged: number }>();
  for (const c of checks) {
    if (c.level !== 'MUST' || isUnselected(c)) continue;
    const key = JSON.stringify([c.suite, c.target, c.clause]);
    let clause = clauses.get(key);
    if (!clause) clauses.set(key, (clause = { first: c, of: 0, reasons: [], unjudged: 0 }));
    clause.of++;
    const reason = unjudgedReason(c);
    if (reason === undefined) continue;
    clause.unjudged++;
    if (!clause.reasons.includes(reason)) clause.reasons.push(reason);
  }
  return [...clauses.values()]
    .filter((c) => c.unjudged > 0)
    .map(({ first, of, reasons, unjudged }) => ({
      suite: first.suite,
      target: first.target,
      clause: first.clause,
      level: first.level,
      ...(first.group ? { group: first.group } : {}),
      reasons,
      checks: unjudged,
      of,
    }));
}

/** Why a check judged nothing, or undefined when it did (it passed, failed or was accepted). */
function unjudgedReason(check: CheckResult): string | undefined {
  if (check.status === 'skipped') return check.message;
  if (check.status === 'blocked') return `blocked by ${check.blockedBy ?? 'another clause'}: ${check.message ?? 'not run'}`;
  return undefined;
}

/** A check skipped without a reason: --grep left it out (every check conform skips says why). */
export function isUnselected(check: CheckResult): boolean {
  return check.status === 'skipped' && !check.message;
}
