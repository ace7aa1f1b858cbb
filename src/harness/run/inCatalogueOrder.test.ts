import { describe, expect, test } from 'vitest';
import type { SuiteName } from '../../catalogue/suites.ts';
import type { CheckResult } from '../../verdict/RunReport.ts';
import { inCatalogueOrder } from './inCatalogueOrder.ts';

function check(suite: SuiteName, clause: string, target: string, title = clause): CheckResult {
  return { id: `${suite} › ${target} › ${clause} ${title}`, suite, target, clause, level: 'MUST', title, status: 'passed', durationMs: 0 };
}

describe('the checks of a report, in catalogue order whatever order they ended in', () => {
  // In the order a run's checks side by side might end: the last clauses of the catalogue first.
  const ended = [
    check('meeting-platform', 'MP-SPEC-RESPONSE', 'b', 'the token checks'),
    check('meeting-platform', 'MP-ME-200', 'b'),
    check('meeting-platform', 'MP-SPEC-RESPONSE', 'a', 'the API checks'),
    check('fetch-service', 'FS-TIMEOUT-FIXED', 'one'),
    check('meeting-platform', 'MP-TOKEN-FLOW', 'b'),
    check('meeting-platform', 'MP-TOKEN-FLOW', 'a'),
    check('meeting-platform', 'MP-ME-200', 'a'),
    check('meeting-platform', 'MP-SPEC-RESPONSE', 'a', 'the token checks'),
  ];
  const shown = (checks: CheckResult[]) => checks.map((c) => `${c.clause} ${c.target} ${c.title === c.clause ? '' : c.title}`.trim());

  test('by suite, by clause as the catalogue lists them, by target in the order they ran, then by name', () => {
    expect(shown(inCatalogueOrder(ended, { 'meeting-platform': ['b', 'a'] }))).toEqual([
      'FS-TIMEOUT-FIXED one',
      'MP-TOKEN-FLOW b',
      'MP-TOKEN-FLOW a',
      'MP-ME-200 b',
      'MP-ME-200 a',
      'MP-SPEC-RESPONSE b the token checks',
      'MP-SPEC-RESPONSE a the API checks',
      'MP-SPEC-RESPONSE a the token checks',
    ]);
  });

  test('a merge, which knows no target order, lists the same checks the same way in whatever order its shards replay them', () => {
    const merged = inCatalogueOrder([...ended].reverse());
    expect(shown(merged)).toEqual(shown(inCatalogueOrder(ended)));
    expect(shown(merged).slice(1, 3)).toEqual(['MP-TOKEN-FLOW a', 'MP-TOKEN-FLOW b']);
  });
});
