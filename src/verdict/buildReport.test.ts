import { describe, expect, test } from 'vitest';
import { buildReport } from './buildReport.ts';
import { uncoveredClauses } from './uncoveredClauses.ts';
import { clauseRows, clauseSections } from './clauseSections.ts';
import { failuresInOrder, isWarning, rootCauses, warnings } from './rootCauses.ts';
import { exitCodeOf, verdictOf } from './runVerdict.ts';
import { loadCatalogue } from '../catalogue/catalogue.ts';
import type { CheckResult } from './RunReport.ts';
import { checkResult } from '../testing/checkResult.ts';

function result(clause: string, status: CheckResult['status'], level: CheckResult['level'] = 'MUST'): CheckResult {
  return checkResult(clause, status, { id: `unit-record › t › ${clause}`, suite: 'unit-record', level, title: 'x' });
}

const base = { version: '0', suites: ['unit-record' as const], seed: 7, startedAt: new Date(0), durationMs: 5, filtered: false };

describe('buildReport', () => {
  test('counts statuses and lists every clause no check covered', () => {
    const report = buildReport({ ...base, strict: false, checks: [result('UR-HASH', 'passed'), result('UR-ID', 'failed'), result('UR-KIND', 'skipped')] });
    expect(report.summary).toEqual({ passed: 1, failed: 1, accepted: 0, warnings: 0, blocked: 0, skipped: 1, unjudged: 0 });
    const all = loadCatalogue('unit-record').clauses.map((c) => c.id);
    // A check skipped without a reason was not selected (--grep): it covers nothing, and leaves nothing unjudged.
    expect(report.uncovered.map((u) => u.id)).toEqual(all.filter((id) => id !== 'UR-HASH' && id !== 'UR-ID'));
    expect(report.unjudged).toEqual([]);
    expect(report.target).toEqual({ 'unit-record': ['t'] });
  });

  test('a check skipped for a reason covers its clause: "no check covers" is only a clause without one; the MUST clause it left unjudged is listed with the reason, and counted', () => {
    const skipped = (clause: string, message: string, extra: Partial<CheckResult> = {}) => checkResult(clause, 'skipped', { suite: 'fetch-service', target: 'staging', message, group: 'security', ...extra });
    const tooShort = 'the API key is shorter than 8 characters: too short to search requests and replies for';
    const checks = [
      skipped('FS-SEC-KEY-FORWARD', tooShort),
      skipped('FS-SEC-KEY-ECHO', tooShort),
      checkResult('FS-504', 'passed', { target: 'staging' }),
      checkResult('FS-504', 'skipped', { target: 'staging', message: 'the origin farm has no slow route' }),
      // A SHOULD clause unjudged fails nothing, even strict: it is no MUST.
      checkResult('FS-SSRF', 'skipped', { target: 'staging', level: 'SHOULD', message: 'no canary' }),
      checkResult('FS-AUTH-KEY', 'passed', { target: 'staging' }),
    ];
    const report = buildReport({ ...base, suites: ['fetch-service'], strict: false, checks });
    expect(report.uncovered.map((u) => u.id)).not.toContain('FS-SEC-KEY-FORWARD');
    expect(report.uncovered.map((u) => u.id)).not.toContain('FS-SEC-KEY-ECHO');
    expect(report.unjudged).toEqual([
      { suite: 'fetch-service', target: 'staging', clause: 'FS-SEC-KEY-FORWARD', level: 'MUST', group: 'security', reasons: [tooShort], checks: 1, of: 1 },
      { suite: 'fetch-service', target: 'staging', clause: 'FS-SEC-KEY-ECHO', level: 'MUST', group: 'security', reasons: [tooShort], checks: 1, of: 1 },
      { suite: 'fetch-service', target: 'staging', clause: 'FS-504', level: 'MUST', reasons: ['the origin farm has no slow route'], checks: 1, of: 2 },
    ]);
    expect(report.summary.unjudged).toBe(3);
    // Not strict, what went unjudged is said, and the run passes; --strict fails it.
    expect(exitCodeOf(report)).toBe(0);
    expect(exitCodeOf(buildReport({ ...base, suites: ['fetch-service'], strict: true, checks }))).toBe(1);
    expect(exitCodeOf(buildReport({ ...base, suites: ['fetch-service'], strict: true, checks: checks.filter((c) => c.status === 'passed' || c.level === 'SHOULD') }))).toBe(0);
  });

  test('a MUST clause blocked on a target is unjudged there, with what blocked it', () => {
    const checks = [
      checkResult('MP-TOKEN-FLOW', 'failed', { suite: 'meeting-platform', message: 'no token' }),
      checkResult('MP-ME-200', 'blocked', { suite: 'meeting-platform', blockedBy: 'MP-TOKEN-FLOW', message: 'no access token to run this check with' }),
    ];
    const report = buildReport({ ...base, suites: ['meeting-platform'], strict: false, checks });
    expect(report.unjudged).toEqual([{ suite: 'meeting-platform', target: 't', clause: 'MP-ME-200', level: 'MUST', reasons: ['blocked by MP-TOKEN-FLOW: no access token to run this check with'], checks: 1, of: 1 }]);
  });

  test('a --grep run says nothing about coverage', () => {
    expect(buildReport({ ...base, strict: false, checks: [], filtered: true }).uncovered).toEqual([]);
  });

  test('the client clauses (MP-CLIENT-*, FS-CLIENT-*) are never uncovered by a server run: the mocks and the proxy judge them', () => {
    const uncovered = buildReport({ ...base, suites: ['meeting-platform', 'fetch-service'], strict: false, checks: [] }).uncovered.map((u) => u.id);
    expect(uncovered).toContain('MP-TOKEN-FLOW');
    expect(uncovered).toContain('FS-400-URL');
    expect(uncovered.filter((id) => id.includes('-CLIENT-'))).toEqual([]);
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
    expect(clauseSections(report).map((s) => [s.group, s.rows.map((r) => r.clause)])).toEqual([
      [undefined, ['FS-AUTH-KEY']],
      ['security', ['FS-SEC-KEY-ECHO', 'FS-SSRF']],
    ]);
  });

  test('uncovered clauses carry their group from the catalogue', () => {
    const uncovered = new Map(report.uncovered.map((u) => [u.id, u.group]));
    expect(uncovered.get('FS-SEC-KEY-FORWARD')).toBe('security');
    expect(uncovered.get('FS-400-URL')).toBeUndefined();
  });
});

describe('blocked checks', () => {
  const mp = (clause: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult =>
    checkResult(clause, status, { suite: 'meeting-platform', target: 'mock', title: 'x', ...extra });
  const blockedByToken = (clause: string, extra: Partial<CheckResult> = {}) =>
    mp(clause, 'blocked', { blockedBy: 'MP-TOKEN-FLOW', message: 'no access token to run this check with: POST /oauth/token answered 200 without an access_token', evidence: [{ label: 'what it saw', text: '{}' }], reproduction: 'curl …', ...extra });
  const tokenFails = mp('MP-TOKEN-FLOW', 'failed', { message: 'the token response must hold a non-empty access_token string' });
  const build = (checks: CheckResult[], strict = false) => buildReport({ ...base, suites: ['meeting-platform'], strict, checks });

  test('blocked by a clause that failed for the same target: blocked, not failed, and no evidence of its own', () => {
    const report = build([blockedByToken('MP-ME-200'), tokenFails, mp('MP-API-401', 'passed'), blockedByToken('MP-JSON-ONLY')]);
    expect(report.summary).toEqual({ passed: 1, failed: 1, accepted: 0, warnings: 0, blocked: 2, skipped: 0, unjudged: 2 });
    const me = report.checks.find((c) => c.clause === 'MP-ME-200')!;
    expect(me).toMatchObject({ status: 'blocked', blockedBy: 'MP-TOKEN-FLOW', message: expect.stringMatching(/^no access token/) });
    expect(me.evidence).toBeUndefined();
    expect(me.reproduction).toBeUndefined();
    expect(me.finding).toBeUndefined();
    // Blocked checks still cover their clauses: they exist and would judge.
    expect(report.uncovered.map((u) => u.id)).not.toContain('MP-ME-200');
    expect(exitCodeOf(report)).toBe(1);
    expect(verdictOf(report)).toBe('FAIL');
  });

  test('a blocked check whose root passed is failed, saying so, with the evidence it gathered', () => {
    const report = build([blockedByToken('MP-ME-200'), mp('MP-TOKEN-FLOW', 'passed')]);
    const me = report.checks.find((c) => c.clause === 'MP-ME-200')!;
    expect(me.status).toBe('failed');
    expect(me.blockedBy).toBeUndefined();
    expect(me.message).toBe('no access token to run this check with: POST /oauth/token answered 200 without an access_token (it depends on MP-TOKEN-FLOW, which passed against this target: a failure of its own)');
    expect(me.finding?.headline).toBe(me.message);
    expect(me.evidence).toEqual([{ label: 'what it saw', text: '{}' }]);
    expect(report.summary).toMatchObject({ failed: 1, blocked: 0 });
    expect(exitCodeOf(report)).toBe(1);
    expect(rootCauses(report).map((r) => [r.clause, r.blocked.length])).toEqual([['MP-ME-200', 0]]);
  });

  test('a root that failed only against another target, or did not run, does not hold the block', () => {
    const elsewhere = build([blockedByToken('MP-ME-200'), { ...tokenFails, target: 'deployment', id: 'other' }, mp('MP-TOKEN-FLOW', 'passed', { target: 'mock' })]);
    expect(elsewhere.checks.find((c) => c.clause === 'MP-ME-200')!.status).toBe('failed');
    const alone = build([blockedByToken('MP-ME-200')]);
    expect(alone.checks[0]!.status).toBe('failed');
    expect(alone.checks[0]!.message).toContain('(it depends on MP-TOKEN-FLOW, which did not run against this target: a failure of its own)');
    const skipped = build([blockedByToken('MP-ME-200'), mp('MP-TOKEN-FLOW', 'skipped')]);
    expect(skipped.checks[0]!.message).toContain('which was skipped against this target');
    expect(exitCodeOf(alone)).toBe(1);
  });

  test('a chain: blocked by a clause whose own checks were blocked is blocked by the failure at its end', () => {
    const walk = mp('MP-JOIN-URL', 'blocked', { blockedBy: 'MP-MEETINGS-LIST', message: 'no meeting list to walk' });
    const report = build([walk, blockedByToken('MP-MEETINGS-LIST'), tokenFails]);
    expect(report.checks.map((c) => [c.clause, c.status, c.blockedBy])).toEqual([
      ['MP-JOIN-URL', 'blocked', 'MP-TOKEN-FLOW'],
      ['MP-MEETINGS-LIST', 'blocked', 'MP-TOKEN-FLOW'],
      ['MP-TOKEN-FLOW', 'failed', undefined],
    ]);
    // Two blocked checks waiting on each other, with no failure behind them, are failures.
    const loop = build([mp('MP-ME-200', 'blocked', { blockedBy: 'MP-JSON-ONLY', message: 'a' }), mp('MP-JSON-ONLY', 'blocked', { blockedBy: 'MP-ME-200', message: 'b' })]);
    expect(loop.checks.map((c) => c.status)).toEqual(['failed', 'failed']);
    expect(loop.checks[0]!.message).toContain('could not run either, with no failure behind it');
  });

  test('building twice changes nothing (a merge builds from checks a shard already settled)', () => {
    const checks = [blockedByToken('MP-ME-200'), tokenFails, blockedByToken('MP-JSON-ONLY', { blockedBy: 'MP-API-401' }), mp('MP-API-401', 'passed')];
    const once = build(checks);
    expect(build(once.checks).checks).toEqual(once.checks);
  });

  test('root causes: every failed clause against its target, the one that blocked most first, with what it blocked', () => {
    const spec = mp('MP-SPEC-RESPONSE', 'failed', { message: '8 of 8 answers are not ones meeting-platform.openapi.yaml documents' });
    const fields = mp('MP-TOKEN-FIELDS', 'failed', { level: 'SHOULD', message: 'expires_in must be a positive integer' });
    const report = build([spec, fields, blockedByToken('MP-ME-200'), tokenFails, blockedByToken('MP-FUZZ-NO-5XX', { title: 'a' }), blockedByToken('MP-FUZZ-NO-5XX', { title: 'b' }), mp('MP-SPEC-RESPONSE', 'failed', { message: 'again' })]);
    const roots = rootCauses(report);
    expect(roots.map((r) => [r.clause, r.failed.length, r.blocked.map((b) => b.clause)])).toEqual([
      ['MP-TOKEN-FLOW', 1, ['MP-ME-200', 'MP-FUZZ-NO-5XX', 'MP-FUZZ-NO-5XX']],
      ['MP-SPEC-RESPONSE', 2, []],
    ]);
    // A failed SHOULD clause is a warning, apart from the root causes; under --strict it is one of them.
    expect(warnings(report).map((r) => r.clause)).toEqual(['MP-TOKEN-FIELDS']);
    expect(failuresInOrder(report).map((c) => c.clause)).toEqual(['MP-TOKEN-FLOW', 'MP-SPEC-RESPONSE', 'MP-SPEC-RESPONSE']);
    const strict = build(report.checks, true);
    expect(rootCauses(strict).map((r) => r.clause)).toEqual(['MP-TOKEN-FLOW', 'MP-SPEC-RESPONSE', 'MP-TOKEN-FIELDS']);
    expect(warnings(strict)).toEqual([]);
  });

  test('warnings: a failed SHOULD check is counted apart and does not fail the run, unless strict', () => {
    const should = mp('MP-TOKEN-FIELDS', 'failed', { level: 'SHOULD', message: 'no expires_in' });
    const report = build([should, mp('MP-ME-200', 'passed')]);
    expect(report.summary).toEqual({ passed: 1, failed: 0, accepted: 0, warnings: 1, blocked: 0, skipped: 0, unjudged: 0 });
    expect(isWarning(report, report.checks[0]!)).toBe(true);
    expect([exitCodeOf(report), verdictOf(report)]).toEqual([0, 'PASS']);
    expect(clauseRows(report).map((r) => [r.clause, r.status, r.failed, r.warnings])).toEqual([
      ['MP-TOKEN-FIELDS', 'warning', 0, 1],
      ['MP-ME-200', 'passed', 0, 0],
    ]);
    const strict = build([should], true);
    expect(strict.summary).toMatchObject({ failed: 1, warnings: 0 });
    expect([exitCodeOf(strict), verdictOf(strict)]).toEqual([1, 'FAIL']);
    expect(clauseRows(strict)[0]!.status).toBe('failed');
  });

  test('a failed SHOULD clause that blocked a MUST check is a root cause of the failed run, not a warning', () => {
    const should = mp('MP-TOKEN-FIELDS', 'failed', { level: 'SHOULD', message: 'no expires_in' });
    const report = build([should, mp('MP-ME-200', 'blocked', { blockedBy: 'MP-TOKEN-FIELDS', message: 'x' })]);
    expect(report.summary).toMatchObject({ failed: 1, warnings: 0, blocked: 1 });
    expect(rootCauses(report).map((r) => [r.clause, r.blocked.length])).toEqual([['MP-TOKEN-FIELDS', 1]]);
    expect(warnings(report)).toEqual([]);
    expect(exitCodeOf(report)).toBe(1);
  });

  test('exit code and verdict: a blocked check counts as its failure would, whatever the level of what blocked it', () => {
    const should = mp('MP-TOKEN-FIELDS', 'failed', { level: 'SHOULD', message: 'no expires_in' });
    const blockedMust = mp('MP-ME-200', 'blocked', { blockedBy: 'MP-TOKEN-FIELDS', message: 'x' });
    expect(exitCodeOf(build([should]))).toBe(0);
    expect(exitCodeOf(build([should, blockedMust]))).toBe(1);
    expect(exitCodeOf(build([should, { ...blockedMust, level: 'SHOULD' }]))).toBe(0);
    expect(exitCodeOf(build([should, { ...blockedMust, level: 'SHOULD' }], true))).toBe(1);
  });

  test('clause rows: a clause with a blocked check is blocked unless one failed', () => {
    const report = build([tokenFails, blockedByToken('MP-FUZZ-NO-5XX'), mp('MP-FUZZ-NO-5XX', 'passed'), blockedByToken('MP-ME-200')]);
    expect(clauseRows(report).map((r) => [r.clause, r.status, r.passed, r.failed, r.blocked])).toEqual([
      ['MP-TOKEN-FLOW', 'failed', 0, 1, 0],
      ['MP-FUZZ-NO-5XX', 'blocked', 1, 0, 1],
      ['MP-ME-200', 'blocked', 0, 0, 1],
    ]);
  });
});
