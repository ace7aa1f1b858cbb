import { describe, expect, test } from 'vitest';
import { buildReport } from './buildReport.ts';
import { clauseMatrix } from './clauseMatrix.ts';
import { presentReport } from './presentReport.ts';
import { differenceText } from './reporters/differenceText.ts';
import { failingReport } from './fixtures/failingReport.ts';
import { sideBySideReport } from './fixtures/sideBySideReport.ts';

describe('clauseMatrix', () => {
  const report = sideBySideReport();
  const [matrix, ...more] = clauseMatrix(report);

  test('a suite run against several targets: clauses as rows, targets as columns in the order they ran, the reference named', () => {
    expect(more).toEqual([]);
    expect(matrix!.suite).toBe('fetch-service');
    expect(matrix!.targets).toEqual(['reference (embedded)', 'staging', 'broken']);
    expect(matrix!.reference).toBe('reference (embedded)');
    // Ordinary clauses first, then the security group.
    expect(matrix!.rows.map((r) => [r.clause, r.group ?? ''])).toEqual([
      ['FS-AUTH-KEY', ''],
      ['FS-AUTH-REQUIRED', ''],
      ['FS-SEC-KEY-ECHO', 'security'],
    ]);
  });

  test("each cell is how the clause's checks went against that target; a failing one names its failure", () => {
    const row = (clause: string) => matrix!.rows.find((r) => r.clause === clause)!.cells.map((c) => c?.status);
    expect(row('FS-AUTH-KEY')).toEqual(['passed', 'passed', 'passed']);
    expect(row('FS-AUTH-REQUIRED')).toEqual(['passed', 'passed', 'failed']);
    expect(row('FS-SEC-KEY-ECHO')).toEqual(['passed', 'skipped', 'skipped']);
    const failing = matrix!.rows.find((r) => r.clause === 'FS-AUTH-REQUIRED')!.cells[2]!;
    expect(failing.findings).toEqual(['fetch-service › broken › FS-AUTH-REQUIRED no key or a key nobody issued: 4xx']);
    expect(presentReport(report).places.get(failing.findings![0]!)).toEqual({ kind: 'failure', index: 0 });
  });

  test('a failing case the reference answered otherwise, paired by its label', () => {
    expect(matrix!.differences.map((d) => `${d.clause} [${d.target}] ${d.case}: ${differenceText(d)}`)).toEqual([
      'FS-AUTH-REQUIRED [broken] no X-SVC-API-Key header: the reference answers 401 here; broken answers 200',
      'FS-AUTH-REQUIRED [broken] a key nobody issued: the reference answers 401 here; broken answers 200',
    ]);
  });

  test('no reference column: no differences; one target per suite: no matrix at all, the report as it was', () => {
    const withoutReference = buildReport({ ...inputOf(report), checks: report.checks.filter((c) => c.target !== 'reference (embedded)') });
    expect(withoutReference.matrix?.[0]?.targets).toEqual(['staging', 'broken']);
    expect(withoutReference.matrix?.[0]?.differences).toEqual([]);
    expect(clauseMatrix(failingReport())).toEqual([]);
    expect(failingReport()).not.toHaveProperty('matrix');
  });

  test('the JSON report holds the matrix', () => {
    expect(report.matrix).toEqual(clauseMatrix(report));
  });
});

function inputOf(report: ReturnType<typeof sideBySideReport>) {
  return { version: report.version, suites: ['fetch-service' as const], seed: report.seed, strict: report.strict, startedAt: new Date(report.startedAt), durationMs: report.durationMs, checks: report.checks, filtered: true };
}
