import { describe, expect, test } from 'vitest';
import { buildReport, clauseRows, clauseSections, exitCodeOf, uncoveredClauses } from './buildReport.ts';
import { loadCatalogue } from './catalogue.ts';
import type { CheckResult } from './report.ts';

function result(clause: string, status: CheckResult['status'], level: CheckResult['level'] = 'MUST'): CheckResult {
  return { id: `unit-record › t › ${clause}`, suite: 'unit-record', target: 't', clause, level, title: 'x', status, durationMs: 1 };
}

const base = { version: '0', suites: ['unit-record' as const], seed: 7, startedAt: new Date(0), durationMs: 5, filtered: false };

describe('buildReport', () => {
  test('counts statuses and lists every clause no check covered', () => {
    const report = buildReport({ ...base, strict: false, checks: [result('UR-HASH', 'passed'), result('UR-ID', 'failed'), result('UR-KIND', 'skipped')] });
    expect(report.summary).toEqual({ passed: 1, failed: 1, skipped: 1 });
    const all = loadCatalogue('unit-record').clauses.map((c) => c.id);
    // A skipped check covers nothing.
    expect(report.uncovered.map((u) => u.id)).toEqual(all.filter((id) => id !== 'UR-HASH' && id !== 'UR-ID'));
    expect(report.target).toEqual({ 'unit-record': ['t'] });
  });

  test('a --grep run says nothing about coverage', () => {
    expect(buildReport({ ...base, strict: false, checks: [], filtered: true }).uncovered).toEqual([]);
  });

  test('uncoveredClauses is empty when every clause has a non-skipped check', () => {
    const checks = loadCatalogue('unit-record').clauses.map((c) => result(c.id, 'failed'));
    expect(uncoveredClauses(['unit-record'], checks)).toEqual([]);
  });
});

describe('exitCodeOf', () => {
  test('a failed MUST check fails the run', () => {
    expect(exitCodeOf(buildReport({ ...base, strict: false, checks: [result('UR-ID', 'failed')] }))).toBe(1);
  });
  test('a failed SHOULD check fails the run only when strict', () => {
    const checks = [result('UR-ID', 'passed'), result('UR-HASH', 'failed', 'SHOULD')];
    expect(exitCodeOf(buildReport({ ...base, strict: false, checks }))).toBe(0);
    expect(exitCodeOf(buildReport({ ...base, strict: true, checks }))).toBe(1);
  });
});

describe('clauseRows', () => {
  test('a clause fails when any of its checks fails', () => {
    const report = buildReport({ ...base, strict: false, checks: [result('UR-ID', 'passed'), result('UR-ID', 'failed'), result('UR-KIND', 'passed')] });
    expect(clauseRows(report).map((r) => [r.clause, r.status, r.passed, r.failed])).toEqual([
      ['UR-ID', 'failed', 1, 1],
      ['UR-KIND', 'passed', 1, 0],
    ]);
  });
});

describe('clause groups', () => {
  const fs = (clause: string, status: CheckResult['status'], group?: string): CheckResult => ({ ...result(clause, status), suite: 'fetch-service', ...(group ? { group } : {}) });
  const report = buildReport({ ...base, suites: ['fetch-service'], strict: false, checks: [fs('FS-SEC-KEY-ECHO', 'failed', 'security'), fs('FS-AUTH-KEY', 'passed'), fs('FS-SSRF', 'passed', 'security')] });

  test('clauseSections puts the ordinary clauses first and each group under its own heading', () => {
    expect(clauseSections(report).map((s) => [s.title, s.rows.map((r) => r.clause)])).toEqual([
      ['Clauses', ['FS-AUTH-KEY']],
      ['Security checks', ['FS-SEC-KEY-ECHO', 'FS-SSRF']],
    ]);
  });

  test('uncovered clauses carry their group from the catalogue', () => {
    const uncovered = new Map(report.uncovered.map((u) => [u.id, u.group]));
    expect(uncovered.get('FS-SEC-KEY-FORWARD')).toBe('security');
    expect(uncovered.get('FS-400-URL')).toBeUndefined();
  });
});
