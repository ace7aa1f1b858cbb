import { describe, expect, test } from 'vitest';
import { buildReport } from './buildReport.ts';
import type { CheckResult } from './RunReport.ts';
import { diffExitCode, diffReports, type ClauseChange } from './diffReports.ts';
import { diffVerdict } from './reporters/diffSections.ts';
import { renderDiffMarkdown } from './reporters/renderDiffMarkdown.ts';
import { renderDiffText } from './reporters/renderDiffText.ts';
import { checkResult } from '../testing/checkResult.ts';
import { RunError } from './RunError.ts';
import { diffedReports } from '../testing/diffedReports.ts';

const clauses = (changes: ClauseChange[]) => changes.map((c) => `${c.clause} ${c.before}→${c.after}`);

describe('diffReports', () => {
  const { before, after } = diffedReports();
  const diff = diffReports(before, after);

  test('lists exactly the changed clauses of a target, in each list, whatever port it ran on', () => {
    const deployment = diff.targets.find((t) => t.target.startsWith('fetch service at'))!;
    expect(deployment.target).toBe('fetch service at http://127.0.0.1:33481');
    expect(deployment.presence).toBe('both');
    expect({
      newlyFailing: clauses(deployment.newlyFailing),
      fixed: clauses(deployment.fixed),
      stillFailing: clauses(deployment.stillFailing),
      newlyCovered: clauses(deployment.newlyCovered),
      newlyUncovered: clauses(deployment.newlyUncovered),
      newlyAccepted: clauses(deployment.newlyAccepted),
      newlyBlocked: clauses(deployment.newlyBlocked),
      warnings: { new: clauses(deployment.warnings.new), fixed: clauses(deployment.warnings.fixed), still: clauses(deployment.warnings.still) },
    }).toEqual({
      newlyFailing: ['FS-504 passed→failed', 'FS-ENCODING accepted→failed'],
      // An accepted failure is no fix: it is newly accepted, and only that.
      fixed: ['FS-ERROR-BODY failed→passed'],
      stillFailing: ['FS-AUTH-KEY failed→failed'],
      newlyCovered: ['FS-SEC-SCHEME uncovered→passed'],
      newlyUncovered: ['FS-429 passed→uncovered'],
      newlyAccepted: ['FS-REDIRECT-DEFAULT failed→accepted'],
      newlyBlocked: ['FS-RESULT-SHAPE passed→blocked'],
      warnings: { new: ['FS-CONTENT-TYPE-LABEL passed→warning'], fixed: ['FS-JSON-LABEL warning→passed'], still: [] },
    });
    expect(deployment.newlyFailing[0]!.message).toBe('FS-504 went wrong against fetch service at http://127.0.0.1:33481');
    expect(deployment.fixed[0]!.message).toBe('FS-ERROR-BODY went wrong against fetch service at http://127.0.0.1:41303');
    expect(deployment.newlyAccepted[0]!.reason).toBe('the vendor says so');
  });

  test('a target unchanged says so; one only AFTER ran has its failures newly failing; one only BEFORE ran is gone', () => {
    const by = Object.fromEntries(diff.targets.map((t) => [t.target, t]));
    expect(by.staging).toMatchObject({ presence: 'both', newlyFailing: [], stillFailing: [expect.objectContaining({ clause: 'FS-504' })], newlyCovered: [], judged: 2, failing: 1 });
    expect(by.prod).toMatchObject({ presence: 'new', newlyCovered: [] });
    expect(clauses(by.prod!.newlyFailing)).toEqual(['FS-504 uncovered→failed']);
    expect(by.old).toMatchObject({ presence: 'gone', newlyFailing: [], fixed: [] });
  });

  test('counts every target, and exits 1 when something newly fails', () => {
    expect(diff.counts).toEqual({ newlyFailing: 3, fixed: 1, stillFailing: 2, newlyCovered: 1, newlyUncovered: 1, newlyAccepted: 1, newlyBlocked: 1, newWarnings: 1 });
    expect(diffExitCode(diff)).toBe(1);
    const same = diffReports(after, after);
    expect(same.counts.newlyFailing + same.counts.fixed + same.counts.newlyCovered + same.counts.newlyUncovered).toBe(0);
    expect(diffExitCode(same)).toBe(0);
    expect(diffExitCode(diffReports(after, before))).toBe(1);
  });

  test('a suppressed run against a clean one: passed or failed → accepted is never "fixed", and the verdict names each MUST clause newly accepted', () => {
    const run = (statuses: Record<string, CheckResult['status']>) =>
      buildReport({
        version: '0',
        suites: ['fetch-service'],
        seed: 7,
        strict: false,
        startedAt: new Date(0),
        durationMs: 1,
        filtered: true,
        checks: Object.entries(statuses).map(([clause, status]) => checkResult(clause, status, { target: 'staging', ...(status === 'accepted' ? { message: `${clause} went wrong`, suppression: { reason: 'TODO: why', fingerprints: ['0123456789abcdef'] } } : {}) })),
      });
    const clean = run({ 'FS-504': 'failed', 'FS-AUTH-KEY': 'failed', 'FS-ENCODING': 'passed', 'FS-ERROR-BODY': 'failed' });
    const suppressed = run({ 'FS-504': 'accepted', 'FS-AUTH-KEY': 'accepted', 'FS-ENCODING': 'accepted', 'FS-ERROR-BODY': 'passed' });
    const d = diffReports(clean, suppressed);
    const [t] = d.targets;
    expect(clauses(t!.fixed)).toEqual(['FS-ERROR-BODY failed→passed']);
    expect(clauses(t!.newlyAccepted)).toEqual(['FS-504 failed→accepted', 'FS-AUTH-KEY failed→accepted', 'FS-ENCODING passed→accepted']);
    expect(diffExitCode(d)).toBe(0);
    expect(diffVerdict(d)).toBe(
      'PASS: nothing newly fails; 3 MUST clauses newly accepted: FS-504 (failed → accepted), FS-AUTH-KEY (failed → accepted), FS-ENCODING (passed → accepted) (1 fixed, 0 still failing, 0 newly covered, 0 newly uncovered, 3 newly accepted)',
    );
    const text = renderDiffText(d, { before: 'clean.json', after: 'suppressed.json' });
    expect(text).toMatch(/\n {2}Fixed \(1\)\n {4}✓ FS-ERROR-BODY \[MUST\] failed → passed\n/);
    expect(renderDiffMarkdown(d, { before: 'clean.json', after: 'suppressed.json' })).toContain('**PASS: nothing newly fails; 3 MUST clauses newly accepted: FS-504 (failed → accepted)');
  });

  test('a strict run against one that is not: a failed SHOULD is a failure in one and a warning in the other, and a note says so', () => {
    const strictAfter = { ...after, strict: true };
    const d = diffReports(before, strictAfter);
    expect(clauses(d.targets[0]!.newlyFailing)).toContain('FS-CONTENT-TYPE-LABEL passed→failed');
    expect(d.notes).toEqual(['AFTER ran with --strict, the other without: a failed SHOULD clause is a failure in one and a warning in the other']);
  });

  test('reports of different suites are no comparison', () => {
    const other = buildReport({ version: '0', suites: ['unit-record'], seed: 7, strict: false, startedAt: new Date(0), durationMs: 1, checks: [], filtered: true });
    expect(() => diffReports(before, other)).toThrow(RunError);
    expect(() => diffReports(before, other)).toThrow('reports of different suites: BEFORE ran fetch-service, AFTER ran unit-record');
  });
});
