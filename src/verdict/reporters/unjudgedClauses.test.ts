// Nothing unjudged passes in silence: a MUST clause whose checks were skipped on a target is named with
// its reason beside the verdict in every format, counted in the JSON, and fails the run under --strict.
import { describe, expect, test } from 'vitest';
import { presentReport } from '../presentReport.ts';
import { buildReport } from '../buildReport.ts';
import { exitCodeOf } from '../runVerdict.ts';
import type { CheckResult, RunReport } from '../RunReport.ts';
import { checkResult } from '../../testing/checkResult.ts';
import { renderHtml } from './renderHtml.ts';
import { renderJson } from './renderJson.ts';
import { renderJunit } from './renderJunit.ts';
import { renderMarkdown } from './renderMarkdown.ts';
import { verdictHeadline } from './runSummaryText.ts';
import { consoleSummary } from '../fixtures/consoleSummary.ts';

const tooShort = 'the API key is shorter than 8 characters: too short to search requests and replies for';
const onStaging = (clause: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}) => checkResult(clause, status, { target: 'staging', title: clause.toLowerCase(), ...extra });
const checks = [
  onStaging('FS-AUTH-KEY', 'passed'),
  onStaging('FS-SEC-KEY-FORWARD', 'skipped', { group: 'security', message: tooShort }),
  onStaging('FS-SEC-KEY-ECHO', 'skipped', { group: 'security', message: tooShort }),
  onStaging('FS-SEC-CALLER-HEADERS', 'passed', { group: 'security' }),
];
const build = (strict: boolean, more: CheckResult[] = []): RunReport =>
  buildReport({ version: '0.1.0', suites: ['fetch-service'], seed: 7, strict, startedAt: new Date(0), durationMs: 1200, checks: [...checks, ...more], filtered: false });
const report = build(false);
const strict = build(true);
const said = `2 MUST clauses not judged on staging: FS-SEC-KEY-FORWARD, FS-SEC-KEY-ECHO: ${tooShort}`;

describe('a MUST clause a skipped check left unjudged', () => {
  test('the verdict says it, with the reason: PASS is not "everything judged"', () => {
    expect(verdictHeadline(presentReport(report))).toBe(`PASS — ${said}`);
    expect(verdictHeadline(presentReport(strict))).toBe(`FAIL — ${said}`);
    expect([exitCodeOf(report), exitCodeOf(strict)]).toEqual([0, 1]);
  });

  test('console: beside the verdict, counted in the closing line, and not among the clauses no check covers', () => {
    const text = consoleSummary(report);
    expect(text).toMatch(new RegExp(`^PASS in 1\\.2s \\(seed 7\\) — ${escape(said)}$`, 'm'));
    expect(text).toMatch(/^2 passed, 0 failed, 2 skipped, 2 MUST clauses not judged$/m);
    const uncovered = text.slice(text.indexOf('Clauses no check covers'), text.indexOf('\nPASS'));
    expect(uncovered).toMatch(/^Clauses no check covers \(\d+\)\n {2}fetch-service /);
    expect(uncovered).not.toMatch(/FS-SEC-KEY-FORWARD|FS-SEC-KEY-ECHO/);
    expect(consoleSummary(strict)).toMatch(new RegExp(`^FAIL in 1\\.2s \\(seed 7\\) — ${escape(said)}$`, 'm'));
  });

  test('HTML: under the verdict, a card, the summary line', () => {
    const html = renderHtml(presentReport(report));
    expect(html).toContain(`<span class="verdict">PASS</span></h1>\n  <div class="unjudged"><p>${said}</p></div>`);
    expect(html).toContain('<div class="card unjudged"><b>2</b> MUST clauses not judged</div>');
    expect(html).toContain('<p class="summary-line">2 passed, 0 failed, 2 skipped, 2 MUST clauses not judged</p>');
    expect(html.slice(html.indexOf('Clauses no check covers'))).not.toContain('<code>FS-SEC-KEY-ECHO</code></td><td>MUST</td><td>§');
  });

  test('Markdown: right under the verdict, and in the counts', () => {
    const md = renderMarkdown(presentReport(report));
    expect(md.split('\n').slice(0, 5)).toEqual(['## conform: ✅ PASS', '', `⚠️ **${said}**`, '', expect.stringMatching(/^\*\*2 passed, 0 failed, 2 skipped, 2 MUST clauses not judged\*\* · seed 7/)]);
  });

  test('JUnit: a test case of the target saying which and why, skipped; failed under --strict', () => {
    const xml = renderJunit(presentReport(report));
    expect(xml).toMatch(new RegExp(`<testcase classname="fetch-service.unjudged" name="MUST clauses not judged on staging"[^>]*>\\s*<properties>\\s*<property name="unjudged" value="FS-SEC-KEY-FORWARD: ${tooShort}"/>\\s*<property name="unjudged" value="FS-SEC-KEY-ECHO: ${tooShort}"/>\\s*</properties>\\s*<skipped message="${escape(said)}"/>`));
    expect(renderJunit(presentReport(strict))).toMatch(new RegExp(`<testcase classname="fetch-service.unjudged"[^>]*>[\\s\\S]*?<failure message="${escape(said)}" type="MUST"/>`));
  });

  test('JSON: counted in the summary, and listed with suite, target, clause and reason', () => {
    const json = JSON.parse(renderJson(presentReport(report))) as RunReport;
    expect(json.summary.unjudged).toBe(2);
    expect(json.unjudged.map((u) => [u.suite, u.target, u.clause, u.reasons])).toEqual([
      ['fetch-service', 'staging', 'FS-SEC-KEY-FORWARD', [tooShort]],
      ['fetch-service', 'staging', 'FS-SEC-KEY-ECHO', [tooShort]],
    ]);
    expect(json.uncovered.map((u) => u.id)).not.toContain('FS-SEC-KEY-ECHO');
  });

  test('several targets: targets alike share a line; others get one each, under the count', () => {
    const off = 'generated checks are off (--fuzz-runs 0)';
    const several = build(false, [
      checkResult('FS-FUZZ-NO-5XX', 'skipped', { target: 'reference', message: off }),
      checkResult('FS-FUZZ-NO-5XX', 'skipped', { target: 'mock', message: off }),
    ]);
    expect(verdictHeadline(presentReport(several))).toBe('PASS — 4 MUST clauses not judged, on 3 targets:');
    const text = consoleSummary(several);
    expect(text).toContain(`\n  ${said}\n  1 MUST clause not judged on reference and mock, each: FS-FUZZ-NO-5XX: ${off}\n`);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
