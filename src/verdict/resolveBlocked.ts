import type { CheckResult } from './RunReport.ts';
import { clauseKey, isFailure } from './rootCauses.ts';

function byClause(checks: readonly CheckResult[]): Map<string, CheckResult[]> {
  const map = new Map<string, CheckResult[]>();
  for (const c of checks) {
    const key = clauseKey(c.suite, c.target, c.clause);
    map.set(key, [...(map.get(key) ?? []), c]);
  }
  return map;
}

/**
 * Settles each blocked check against the run's other checks. It stays blocked when the clause it depends
 * on failed against the same target (through a chain too: blocked by a clause whose checks were blocked
 * in turn, it is blocked by the failed clause at the chain's end), and then shows nothing of its own but
 * its reason. When that clause did not fail there (it passed, was skipped, did not run in this run or
 * shard), nothing explains the check's trouble: it is failed, saying so, with what evidence it gathered.
 * A block never hides a failure.
 */
export function resolveBlocked(checks: readonly CheckResult[]): CheckResult[] {
  const clauses = byClause(checks);
  const checksOf = (c: CheckResult) => clauses.get(clauseKey(c.suite, c.target, c.blockedBy ?? '')) ?? [];
  const rootOf = (c: CheckResult, seen: Set<CheckResult>): string | undefined => {
    const others = checksOf(c);
    if (others.some(isFailure)) return c.blockedBy;
    for (const o of others) {
      if (o.status !== 'blocked' || seen.has(o)) continue;
      seen.add(o);
      const root = rootOf(o, seen);
      if (root) return root;
    }
    return undefined;
  };
  return checks.map((c): CheckResult => {
    if (c.status !== 'blocked') return c;
    const { evidence, reproduction, finding, blockedBy, ...rest } = c;
    const root = blockedBy ? rootOf(c, new Set([c])) : undefined;
    if (root) return { ...rest, blockedBy: root };
    const others = checksOf(c);
    const state = others.some((o) => o.status === 'passed')
      ? 'passed'
      : others.some((o) => o.status === 'blocked')
        ? 'could not run either, with no failure behind it'
        : others.some((o) => o.status === 'skipped')
          ? 'was skipped'
          : 'did not run';
    const headline = `${c.message ?? 'the check could not run'} (it depends on ${blockedBy ?? 'another clause'}, which ${state} against this target: a failure of its own)`;
    return { ...rest, status: 'failed', message: headline, finding: { headline, groups: [] }, ...(evidence ? { evidence } : {}), ...(reproduction ? { reproduction } : {}) };
  });
}
