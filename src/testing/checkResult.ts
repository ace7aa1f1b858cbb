import type { CheckResult } from '../verdict/RunReport.ts';

/**
 * One check's result as the reports, diffs and suppressions read it, for their tests: a MUST check of
 * `clause` that took 1 ms, its id made as a run makes one (suite › target › clause title); `extra` sets
 * anything else, the id included.
 */
export function checkResult(clause: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult {
  const suite = extra.suite ?? 'fetch-service';
  const target = extra.target ?? 't';
  const title = extra.title ?? clause.toLowerCase();
  return { id: `${suite} › ${target} › ${clause} ${title}`, suite, target, clause, level: 'MUST', title, status, durationMs: 1, ...extra };
}
