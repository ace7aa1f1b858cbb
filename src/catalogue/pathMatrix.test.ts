import { describe, expect, test } from 'vitest';
import { findClause, isClientClause, loadCatalogue } from './catalogue.ts';
import { loadPathMatrix, undeclaredPaths } from './pathMatrix.ts';
import { uncoveredPaths } from '../verdict/uncoveredPaths.ts';
import type { CheckResult } from '../verdict/RunReport.ts';
import type { SuiteName } from './suites.ts';
import { checkResult } from '../testing/checkResult.ts';

/** The suites whose clauses list their paths (add fetch-service once its matrix is written). */
const withMatrix: SuiteName[] = ['meeting-platform'];

describe.each(withMatrix)('the %s clause × path matrix', (suite) => {
  const matrix = loadPathMatrix(suite)!;

  test('lists every clause of the catalogue, each with at least one described path, and no other clause', () => {
    expect(matrix.suite).toBe(suite);
    expect(Object.keys(matrix.clauses).sort()).toEqual(loadCatalogue(suite).clauses.map((c) => c.id).sort());
    for (const [clause, paths] of Object.entries(matrix.clauses)) {
      expect(Object.keys(paths).length, clause).toBeGreaterThan(0);
      for (const [path, description] of Object.entries(paths)) {
        expect(path, clause).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(description.length, `${clause} ${path}`).toBeGreaterThan(10);
      }
    }
  });
});

describe('uncoveredPaths', () => {
  const check = (clause: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult =>
    checkResult(clause, status, { id: clause, suite: 'meeting-platform', title: 'x', ...extra });
  const all = (clause: string) => Object.keys(loadPathMatrix('meeting-platform')!.clauses[clause]!);
  const everyPath = Object.keys(loadPathMatrix('meeting-platform')!.clauses).map((clause) => check(clause, 'passed', { paths: all(clause) }));

  test('none when every path was judged by a check that passed or failed', () => {
    expect(uncoveredPaths('meeting-platform', everyPath)).toEqual([]);
    expect(uncoveredPaths('meeting-platform', everyPath.map((c) => ({ ...c, status: 'failed' as const })))).toEqual([]);
  });

  test('a path no check declared, or whose only check was skipped or blocked, or said it could not judge it, is uncovered', () => {
    const withoutOne = everyPath.map((c) => (c.clause === 'MP-JOIN-URL' ? { ...c, paths: ['list', 'by-id'] } : c));
    expect(uncoveredPaths('meeting-platform', withoutOne).map((p) => `${p.clause} ${p.path}`)).toEqual(['MP-JOIN-URL by-uuid']);
    const skipped = everyPath.map((c) => (c.clause === 'MP-API-401' ? { ...c, status: 'skipped' as const } : c));
    expect(uncoveredPaths('meeting-platform', skipped).map((p) => p.clause)).toEqual(all('MP-API-401').map(() => 'MP-API-401'));
    const blocked = everyPath.map((c) => (c.clause === 'MP-ME-200' ? { ...c, status: 'blocked' as const, blockedBy: 'MP-TOKEN-FLOW' } : c));
    expect(uncoveredPaths('meeting-platform', blocked).map((p) => p.clause)).toContain('MP-ME-200');
  });

  test("per target: another target's checks cover nothing", () => {
    const serverPaths = Object.entries(loadPathMatrix('meeting-platform')!.clauses).filter(([clause]) => !isClientClause(findClause('meeting-platform', clause)!));
    expect(uncoveredPaths('meeting-platform', everyPath, 'elsewhere').length).toBe(serverPaths.flatMap(([, p]) => Object.keys(p)).length);
  });

  test('the client clauses are no suite\'s to judge: their paths are never uncovered by a run', () => {
    const clientClauses = loadCatalogue('meeting-platform').clauses.filter(isClientClause).map((c) => c.id);
    expect(clientClauses.length).toBeGreaterThan(0);
    expect(uncoveredPaths('meeting-platform', []).filter((p) => clientClauses.includes(p.clause))).toEqual([]);
  });

  test('a suite without a matrix has no paths to cover; a path the matrix does not list is named', () => {
    expect(uncoveredPaths('unit-record', [])).toEqual([]);
    expect(undeclaredPaths('meeting-platform', 'MP-JOIN-URL', ['list', 'by-name'])).toBe('path by-name of MP-JOIN-URL is not in specs/meeting-platform.paths.json');
    expect(undeclaredPaths('meeting-platform', 'MP-JOIN-URL', ['list'])).toBeUndefined();
  });
});
