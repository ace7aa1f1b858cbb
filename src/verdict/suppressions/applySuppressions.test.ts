import { describe, expect, test } from 'vitest';
import { presentReport } from '../presentReport.ts';
import { buildReport } from '../buildReport.ts';
import { acceptedFailures, rootCauses } from '../rootCauses.ts';
import { exitCodeOf } from '../runVerdict.ts';
import type { CheckResult, RunReport } from '../RunReport.ts';
import { renderJunit } from '../reporters/renderJunit.ts';
import { verdictLine } from '../reporters/rootCauseText.ts';
import { summaryLine, verdictHeadline } from '../reporters/runSummaryText.ts';
import { applySuppressions, newEntries, settleSuppressions, staleEntries } from './applySuppressions.ts';
import { placeholderReason, type SuppressionEntry } from './SuppressionEntry.ts';
import { checkResult } from '../../testing/checkResult.ts';

const file = 'conform-suppressions.json';

function check(clause: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}, port = 4100): CheckResult {
  return checkResult(clause, status, { id: `fetch-service › t › ${clause}`, target: `fetch service at http://127.0.0.1:${port}`, title: `${clause.toLowerCase()} check`, ...extra });
}
const failing = (clause: string, causes: string[], extra: Partial<CheckResult> = {}, port?: number) =>
  check(clause, 'failed', { message: `${causes.length} of 9 requests were answered against the rule`, finding: { headline: `${causes.length} of 9 requests were answered against the rule`, groups: causes.map((cause) => ({ cause, count: 1, examples: [] })) }, ...extra }, port);

/** A run against a service on `port`: FS-504 and FS-ERROR-BODY fail, a SHOULD warns, FS-AUTH-KEY fails and blocks a check, the rest passes. */
function run(port: number, options: { strict?: boolean; startedAt?: string; fixed?: string[]; extraCause?: boolean } = {}): RunReport {
  const fixed = new Set(options.fixed ?? []);
  const checks = [
    fixed.has('FS-504') ? check('FS-504', 'passed', {}, port) : failing('FS-504', [`got 502 from http://127.0.0.1:${port + 1}/slow after ${port % 97} ms; expected 504`], {}, port),
    failing('FS-ERROR-BODY', ['400: statusCode is undefined', ...(options.extraCause ? ['401: error is undefined'] : [])], {}, port),
    failing('FS-CONTENT-TYPE-LABEL', ['labelled text/plain'], { level: 'SHOULD' }, port),
    failing('FS-AUTH-KEY', ['the issued key was refused (HTTP 401)'], {}, port),
    check('FS-RESULT-SHAPE', 'blocked', { blockedBy: 'FS-AUTH-KEY', message: 'the issued key was refused' }, port),
    check('FS-REDIRECT-DEFAULT', 'passed', {}, port),
  ];
  return buildReport({ version: '0', suites: ['fetch-service'], seed: port, strict: Boolean(options.strict), startedAt: new Date(options.startedAt ?? '2030-06-15T12:00:00Z'), durationMs: 1, checks, filtered: false });
}

const statuses = (r: RunReport) => Object.fromEntries(r.checks.map((c) => [c.clause, c.status]));

describe('newEntries (--suppress)', () => {
  test('one entry per cause of each failure that fails the run, in stable words, with the placeholder reason; a warning only under --strict', () => {
    const entries = newEntries(run(4100), []);
    expect(entries.map((e) => [e.clause, e.cause])).toEqual([
      ['FS-504', 'got 502 from http://127.0.0.1:<port>/slow after <duration>; expected 504'],
      ['FS-ERROR-BODY', '400: statusCode is undefined'],
      ['FS-AUTH-KEY', 'the issued key was refused (HTTP 401)'],
    ]);
    for (const e of entries) expect(e).toMatchObject({ suite: 'fetch-service', target: 'fetch service at http://127.0.0.1:<port>', reason: placeholderReason });
    expect(newEntries(run(4100, { strict: true }), []).map((e) => e.clause)).toContain('FS-CONTENT-TYPE-LABEL');
    // What has an entry gets none again.
    expect(newEntries(run(4100), entries)).toEqual([]);
  });
});

describe('applySuppressions', () => {
  const entries = newEntries(run(4100), []).map((e) => ({ ...e, reason: `known: ${e.clause}` }));

  test('the same faults on another port and seed are accepted: counted apart, the run passes, what an accepted failure blocked fails nothing', () => {
    const report = applySuppressions(run(5200), entries, file);
    expect(statuses(report)).toEqual({ 'FS-504': 'accepted', 'FS-ERROR-BODY': 'accepted', 'FS-CONTENT-TYPE-LABEL': 'failed', 'FS-AUTH-KEY': 'accepted', 'FS-RESULT-SHAPE': 'blocked', 'FS-REDIRECT-DEFAULT': 'passed' });
    expect(report.summary).toEqual({ passed: 1, failed: 0, accepted: 3, warnings: 1, blocked: 1, skipped: 0, unjudged: 1 });
    expect(report.checks.find((c) => c.clause === 'FS-504')!.suppression).toEqual({ reason: 'known: FS-504', fingerprints: [entries[0]!.fingerprint] });
    expect(exitCodeOf(report)).toBe(0);
    expect(verdictLine(presentReport(report))).toBe('PASS with 3 accepted and 1 warning');
    expect(rootCauses(report)).toEqual([]);
    expect(acceptedFailures(report).map((r) => [r.clause, r.blocked.map((b) => b.clause)])).toEqual([['FS-AUTH-KEY', ['FS-RESULT-SHAPE']], ['FS-504', []], ['FS-ERROR-BODY', []]]);
    expect(report.suppressions).toEqual({ file, entries: 3, stale: 0, expired: 0, unexplained: 0 });
  });

  test('a failure for a cause no entry names fails the run: a new fault', () => {
    const report = applySuppressions(run(5200, { extraCause: true }), entries, file);
    expect(statuses(report)['FS-ERROR-BODY']).toBe('failed');
    expect(exitCodeOf(report)).toBe(1);
  });

  test('without its entry, a blocking failure fails the run again, and so does what it blocked', () => {
    const report = applySuppressions(run(5200), entries.filter((e) => e.clause !== 'FS-AUTH-KEY'), file);
    expect(rootCauses(report).map((r) => [r.clause, r.blocked.length])).toEqual([['FS-AUTH-KEY', 1]]);
    expect(exitCodeOf(report)).toBe(1);
  });

  test('an entry past its until date fails its failure, saying so; on its last day it still accepts', () => {
    const dated = entries.map((e) => (e.clause === 'FS-504' ? { ...e, until: '2030-06-14' } : e));
    const late = applySuppressions(run(5200), dated, file);
    const c = late.checks.find((x) => x.clause === 'FS-504')!;
    expect(c.status).toBe('failed');
    expect(c.message).toBe('1 of 9 requests were answered against the rule (accepted until 2030-06-14, which has passed)');
    expect(c.finding!.headline).toBe(c.message);
    expect(c.suppression).toMatchObject({ until: '2030-06-14', expired: true });
    expect(exitCodeOf(late)).toBe(1);
    expect(late.suppressions).toMatchObject({ expired: 1, stale: 0 });
    const onTheDay = applySuppressions(run(5200, { startedAt: '2030-06-14T23:59:00Z' }), dated, file);
    expect(statuses(onTheDay)['FS-504']).toBe('accepted');
    expect(onTheDay.checks.find((x) => x.clause === 'FS-504')!.suppression!.until).toBe('2030-06-14');
  });

  test('an expired entry whose check passes is just stale; an entry of a check that did not run (another target, blocked) is not', () => {
    const elsewhere: SuppressionEntry = { ...entries[0]!, target: 'staging' };
    const blocked: SuppressionEntry = { ...entries[0]!, clause: 'FS-RESULT-SHAPE', check: 'fs-result-shape check' };
    const dated = [...entries.map((e) => (e.clause === 'FS-504' ? { ...e, until: '2000-01-01' } : e)), elsewhere, blocked];
    const report = applySuppressions(run(5200, { fixed: ['FS-504'] }), dated, file);
    expect(exitCodeOf(report)).toBe(0);
    expect(staleEntries(report, dated).map((e) => e.clause)).toEqual(['FS-504']);
    expect(report.suppressions).toMatchObject({ stale: 1, expired: 1 });
  });

  test('entries without a reason still accept, and are counted', () => {
    const report = applySuppressions(run(5200), newEntries(run(4100), []), file);
    expect(report.summary.accepted).toBe(3);
    expect(report.suppressions!.unexplained).toBe(3);
    expect(report.checks.find((c) => c.clause === 'FS-504')!.suppression!.reason).toBe(placeholderReason);
    expect(exitCodeOf(report)).toBe(0);
  });

  test('--require-reasons: entries still without a reason fail the run, saying so beside the verdict and in the summary line; they still accept', () => {
    const unexplained = newEntries(run(4100), []);
    const report = applySuppressions(run(5200), unexplained, file, { requireReasons: true });
    expect(report.summary.accepted).toBe(3);
    expect(report.suppressions).toMatchObject({ unexplained: 3, reasonsRequired: true });
    expect(exitCodeOf(report)).toBe(1);
    expect(verdictHeadline(presentReport(report))).toMatch(/^FAIL with 3 accepted and 1 warning — 3 entries of conform-suppressions\.json without a reason \(--require-reasons fails the run on them\)/);
    expect(summaryLine(presentReport(report))).toMatch(/, 3 entries of conform-suppressions\.json without a reason \(--require-reasons fails the run on them\)$/);
    expect(renderJunit(presentReport(report))).toMatch(/<testcase classname="conform.suppressions" name="every entry of conform-suppressions.json says why its failure is accepted"[^>]*>\s*<failure message="3 entries of conform-suppressions.json without a reason \(--require-reasons fails the run on them\)"\/>/);
    // With a reason written in each, the same run passes.
    const explained = applySuppressions(run(5200), unexplained.map((e) => ({ ...e, reason: 'known: OPS-7' })), file, { requireReasons: true });
    expect(exitCodeOf(explained)).toBe(0);
    expect(explained.suppressions).toMatchObject({ unexplained: 0, reasonsRequired: true });
  });
});

describe('settleSuppressions', () => {
  test('--suppress adds every current failure and reports it accepted at once; the next run passes on the file', () => {
    const { report, entries } = settleSuppressions(run(4100), [], file, { suppress: true });
    expect(entries).toHaveLength(3);
    expect(report.summary).toMatchObject({ failed: 0, accepted: 3 });
    expect(report.suppressions).toMatchObject({ entries: 3, added: 3, unexplained: 3 });
    expect(exitCodeOf(report)).toBe(0);
    expect(exitCodeOf(settleSuppressions(run(6300), entries, file, {}).report)).toBe(0);
  });

  test('--prune drops the entries whose failure is gone and adds none; the others stay with their reasons', () => {
    const entries = newEntries(run(4100), []).map((e) => ({ ...e, reason: 'known' }));
    const pruned = settleSuppressions(run(5200, { fixed: ['FS-504'], extraCause: true }), entries, file, { prune: true });
    expect(pruned.entries.map((e) => e.clause)).toEqual(['FS-ERROR-BODY', 'FS-AUTH-KEY']);
    expect(pruned.report.suppressions).toMatchObject({ entries: 2, pruned: 1, stale: 0 });
    // The new cause is not added by --prune: the run fails on it.
    expect(exitCodeOf(pruned.report)).toBe(1);
    const both = settleSuppressions(run(5200, { fixed: ['FS-504'], extraCause: true }), entries, file, { prune: true, suppress: true });
    expect(both.entries.map((e) => [e.clause, e.reason])).toEqual([['FS-ERROR-BODY', 'known'], ['FS-AUTH-KEY', 'known'], ['FS-ERROR-BODY', placeholderReason]]);
    expect(exitCodeOf(both.report)).toBe(0);
  });

  test('--suppress does not renew an expired entry: renewing is a person\'s decision', () => {
    const entries = newEntries(run(4100), []).map((e) => ({ ...e, reason: 'known', until: '2001-01-01' }));
    const { report, entries: after } = settleSuppressions(run(5200), entries, file, { suppress: true });
    expect(after).toEqual(entries);
    expect(exitCodeOf(report)).toBe(1);
  });
});
