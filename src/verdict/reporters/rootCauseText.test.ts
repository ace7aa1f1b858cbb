import { describe, expect, test } from 'vitest';
import { presentReport } from '../presentReport.ts';
import type { RunReport } from '../RunReport.ts';
import { renderHtml } from './renderHtml.ts';
import { renderJson } from './renderJson.ts';
import { renderJunit } from './renderJunit.ts';
import { renderMarkdown } from './renderMarkdown.ts';
import { rootCauseLine, verdictLine } from './rootCauseText.ts';
import { consoleSummary } from '../fixtures/consoleSummary.ts';
import { blockedReport } from '../fixtures/failingReport.ts';
import { buildReport } from '../buildReport.ts';

// A run whose token endpoint answers {}: every format leads with MP-TOKEN-FLOW and what it blocked, and
// shows the failed SHOULD clause (MP-TOKEN-FIELDS) after the failures, as a warning.
const report = blockedReport();
const strict = buildReport({ version: '0.1.0', suites: ['meeting-platform'], seed: 7, strict: true, startedAt: new Date(0), durationMs: 1200, checks: report.checks, filtered: false });
const lead = 'MP-TOKEN-FLOW failed: the token response must hold a non-empty access_token string; it blocked 4 checks: MP-ME-200, MP-MEETINGS-LIST, MP-FUZZ-NO-5XX ×2';
const warning = 'MP-TOKEN-FIELDS failed: expires_in must be a positive integer of seconds; got undefined';

describe('the root causes lead every report', () => {
  test('one line per root: what failed, its headline, what it blocked; the one that blocked most first', () => {
    const [view, strictView] = [presentReport(report), presentReport(strict)];
    expect(view.failures.roots.map((r) => rootCauseLine(view, r))).toEqual([lead]);
    expect(view.warnings.roots.map((r) => rootCauseLine(view, r))).toEqual([warning]);
    expect(strictView.failures.roots.map((r) => rootCauseLine(strictView, r))).toEqual([lead, warning]);
    expect([verdictLine(view), verdictLine(strictView)]).toEqual(['FAIL with 1 warning', 'FAIL']);
  });

  test('console: the summary opens with the root causes, then the warnings; failures list the root first; the blocked checks sit under it; counts', () => {
    const text = consoleSummary(report);
    const lines = text.split('\n').filter(Boolean);
    expect(lines.slice(0, 4)).toEqual([
      'Root causes (1 failed clause, 4 checks blocked by it)',
      `  ✗ ${lead}`,
      'Warnings (1 SHOULD clause failed; it does not fail the run unless --strict)',
      `  ⚠ ${warning}`,
    ]);
    const failures = text.slice(text.indexOf('Failures (1)'));
    expect(failures.indexOf('✗ meeting-platform MP-TOKEN-FLOW')).toBeLessThan(failures.indexOf('Warnings (1): SHOULD checks that failed'));
    expect(failures.indexOf('Warnings (1): SHOULD checks that failed')).toBeLessThan(failures.indexOf('⚠ meeting-platform MP-TOKEN-FIELDS [SHOULD]'));
    expect(text).not.toMatch(/^✗ meeting-platform MP-TOKEN-FIELDS/m);
    expect(text).toMatch(/Blocked \(4\): not run, since a clause they depend on failed\n {2}by MP-TOKEN-FLOW:\n {4}no access token to run this check with: .*\n {6}⊘ meeting-platform MP-ME-200 mp-me-200/);
    // A blocked check shows no evidence of its own, and is no failure.
    expect(text).not.toContain('--- walk');
    // Beside the verdict, what the blocked checks left unjudged.
    expect(text).toMatch(/^FAIL with 1 warning in 1\.2s \(seed 7\) — 3 MUST clauses not judged on meeting platform at http:\/\/127\.0\.0\.1:4010: MP-ME-200, MP-MEETINGS-LIST, MP-FUZZ-NO-5XX: blocked by MP-TOKEN-FLOW: no access token to run this check with: /m);
    expect(text).toMatch(/^1 passed, 1 failed, 1 warning, 4 blocked, 0 skipped, 3 MUST clauses not judged$/m);
    expect(text).toMatch(/MP-FUZZ-NO-5XX +MUST +blocked +0 passed, 2 blocked/);
    expect(text).toMatch(/MP-TOKEN-FIELDS +SHOULD +warn +0 passed, 1 warning/);
    // Strict: the SHOULD failure is a root cause and a failure like the others.
    const strictText = consoleSummary(strict);
    expect(strictText).toContain(`Root causes (2 failed clauses, 4 checks blocked by them)\n  ✗ ${lead}\n  ✗ ${warning}`);
    expect(strictText).not.toContain('Warnings');
    expect(strictText).toMatch(/^1 passed, 2 failed, 4 blocked, 0 skipped, 3 MUST clauses not judged$/m);
  });

  test('Markdown: one row per root with the blocked checks folded under it, before anything else; the warnings in a table of their own after them', () => {
    const md = renderMarkdown(presentReport(report));
    expect(md).toMatch(/^## conform: ❌ FAIL with 1 warning\n/);
    expect(md).toContain('**1 passed, 1 failed, 1 warning, 4 blocked, 0 skipped, 3 MUST clauses not judged**');
    const rows = md.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toEqual([
      '| `MP-TOKEN-FLOW` | MUST | meeting platform at http://127.0.0.1:4010 | the token response must hold a non-empty access_token string<details><summary>it blocked 4 checks</summary>MP-ME-200, MP-MEETINGS-LIST, MP-FUZZ-NO-5XX ×2</details> |',
      '| `MP-TOKEN-FIELDS` | SHOULD | meeting platform at http://127.0.0.1:4010 | expires_in must be a positive integer of seconds; got undefined |',
    ]);
    expect(md.indexOf('### Failed clauses')).toBeLessThan(md.indexOf('### ⚠️ Warnings: SHOULD clauses that failed'));
    expect(md.indexOf('### ⚠️ Warnings')).toBeLessThan(md.indexOf('| `MP-TOKEN-FIELDS`'));
    expect(md.indexOf('| `MP-TOKEN-FLOW`')).toBeLessThan(md.indexOf('- **meeting-platform**'));
    expect(md.indexOf('#### `MP-TOKEN-FLOW`')).toBeLessThan(md.indexOf('#### ⚠️ `MP-TOKEN-FIELDS`'));
    expect(md).toContain('<details><summary>It blocked 4 checks</summary>\n\n- `MP-ME-200` mp-me-200: no access token to run this check with');
    expect(renderMarkdown(presentReport(strict))).not.toContain('Warnings');
  });

  test('JUnit: a blocked check is skipped, with what blocked it and why; a warning is skipped too, so CI stays green for it, unless strict', () => {
    const xml = renderJunit(presentReport(report));
    // The four blocked checks, the warning, and the MUST clauses they left unjudged.
    expect(xml).toContain('skipped="6"');
    expect(xml).toContain('failures="1"');
    expect(xml).toMatch(/<testcase classname="meeting-platform.MP-ME-200" name="MP-ME-200 \[MUST\] mp-me-200" time="0.001">\s*<properties>\s*<property name="blockedBy" value="MP-TOKEN-FLOW"\/>\s*<\/properties>\s*<skipped message="blocked by MP-TOKEN-FLOW: no access token to run this check with: POST http:\/\/127.0.0.1:4010\/oauth\/token answered 200 application\/json without an access_token"\/>/);
    expect(xml).toMatch(/<testcase classname="meeting-platform.MP-TOKEN-FIELDS" name="MP-TOKEN-FIELDS \[SHOULD\] mp-token-fields" time="0.001">\s*<properties>\s*<property name="warning" value="true"\/>\s*<\/properties>\s*<skipped message="warning \(SHOULD, does not fail the run unless --strict\): expires_in must be a positive integer of seconds; got undefined"\/>\s*<system-out>/);
    const strictXml = renderJunit(presentReport(strict));
    // Strict, the unjudged MUST clauses fail too.
    expect(strictXml).toContain('failures="3"');
    expect(strictXml).toMatch(/<failure message="expires_in must be a positive integer of seconds; got undefined" type="SHOULD">/);
  });

  test('JSON: status blocked with blockedBy, and the summary counts them apart', () => {
    const json = JSON.parse(renderJson(presentReport(report))) as RunReport;
    expect(json.summary).toEqual({ passed: 1, failed: 1, accepted: 0, warnings: 1, blocked: 4, skipped: 0, unjudged: 3 });
    // A warning is a failed check at level SHOULD: its status says what happened, the summary what it weighs.
    expect(json.checks.find((c) => c.clause === 'MP-TOKEN-FIELDS')).toMatchObject({ status: 'failed', level: 'SHOULD' });
    expect(json.checks.filter((c) => c.status === 'blocked').map((c) => [c.clause, c.blockedBy, c.evidence])).toEqual([
      ['MP-ME-200', 'MP-TOKEN-FLOW', undefined],
      ['MP-MEETINGS-LIST', 'MP-TOKEN-FLOW', undefined],
      ['MP-FUZZ-NO-5XX', 'MP-TOKEN-FLOW', undefined],
      ['MP-FUZZ-NO-5XX', 'MP-TOKEN-FLOW', undefined],
    ]);
  });

  test('HTML: the header names the root causes, then the warnings; the first failure block is the root cause, its blocked checks folded in it; warnings after the failures', () => {
    const html = renderHtml(presentReport(report));
    const roots = html.slice(html.indexOf('<div class="roots">'), html.indexOf('</div>', html.indexOf('<div class="roots">')));
    expect(roots).toContain('<li><a href="#failure-0"><code>MP-TOKEN-FLOW</code></a> failed: the token response must hold a non-empty access_token string; <span class="blocked-by">it blocked 4 checks: MP-ME-200, MP-MEETINGS-LIST, MP-FUZZ-NO-5XX ×2</span></li>');
    expect(roots).not.toContain('MP-TOKEN-FIELDS');
    expect(html.indexOf('<div class="roots">')).toBeLessThan(html.indexOf('<div class="warning-roots">'));
    expect(html).toContain('<li><a href="#warning-0"><code>MP-TOKEN-FIELDS</code></a>: expires_in must be a positive integer of seconds; got undefined</li>');
    expect(html.indexOf('<div class="roots">')).toBeLessThan(html.indexOf('<article class="failure"'));
    const first = html.slice(html.indexOf('<article class="failure"'), html.indexOf('</article>'));
    expect(first).toContain('<code>MP-TOKEN-FLOW</code>');
    expect(first).toContain('<details class="blocked"><summary>It blocked 4 checks</summary>');
    expect(html.indexOf('<article class="failure" id="failure-0">')).toBeLessThan(html.indexOf('<article class="failure warning" id="warning-0">'));
    expect(html).toContain('<div class="card blocked"><b>4</b> blocked</div>');
    expect(html).toContain('<div class="card warning"><b>1</b> warnings</div>');
    expect(html).toContain('<span class="verdict">FAIL with 1 warning</span>');
    expect(html).toContain('<td class="status">blocked by MP-TOKEN-FLOW</td>');
    expect(html).toMatch(/<tr class="warning" data-status="warning" data-text="mp-token-fields [^"]*"><td class="status">warning<\/td>/);
    const strictHtml = renderHtml(presentReport(strict));
    expect(strictHtml).not.toContain('class="warning-roots"');
    expect(strictHtml).toContain('<a href="#failure-1"><code>MP-TOKEN-FIELDS</code></a> failed');
  });
});
