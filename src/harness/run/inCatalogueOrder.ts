import { loadCatalogue } from '../../catalogue/catalogue.ts';
import { suiteNames } from '../../catalogue/suites.ts';
import type { CheckResult } from '../../verdict/RunReport.ts';

/**
 * The checks in the order a report lists them, whatever order they finished in (checks side by side end
 * as their targets answer; a merge replays shards one after another): by suite, by the clause's place in
 * its catalogue, by target (in `targetOrder`, the order they ran, else by label), then by name. A run
 * and the merge of its shards list the same checks the same way.
 */
export function inCatalogueOrder(checks: readonly CheckResult[], targetOrder: Partial<Record<string, string[]>> = {}): CheckResult[] {
  const clauseIndex = new Map<string, number>();
  for (const suite of new Set(checks.map((c) => c.suite))) loadCatalogue(suite).clauses.forEach((c, i) => clauseIndex.set(`${suite} ${c.id}`, i));
  const place = (c: CheckResult): number[] => {
    const targets = targetOrder[c.suite] ?? [];
    const target = targets.indexOf(c.target);
    return [suiteNames.indexOf(c.suite), clauseIndex.get(`${c.suite} ${c.clause}`) ?? Number.MAX_SAFE_INTEGER, target < 0 ? targets.length : target];
  };
  return checks
    .map((check) => ({ check, at: place(check) }))
    .sort((a, b) => compare(a.at, b.at) || a.check.target.localeCompare(b.check.target) || a.check.id.localeCompare(b.check.id))
    .map(({ check }) => check);
}

function compare(a: number[], b: number[]): number {
  for (const [i, x] of a.entries()) if (x !== b[i]) return x - b[i]!;
  return 0;
}
