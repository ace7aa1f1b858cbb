import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { RunReport } from '../report.ts';
import { ConsoleReporter } from './ConsoleReporter.ts';
import { renderHtml } from './renderHtml.ts';
import { renderJson } from './renderJson.ts';
import { renderJunit } from './renderJunit.ts';
import { renderMarkdown } from './renderMarkdown.ts';
import { rootCauseLine } from './rootCauseText.ts';
import { blockedReport } from './testing/failingReport.ts';
import { rootCauses } from '../buildReport.ts';

// A run whose token endpoint answers {}: every format leads with MP-TOKEN-FLOW and what it blocked.
const report = blockedReport();
const lead = 'MP-TOKEN-FLOW failed: the token response must hold a non-empty access_token string; it blocked 4 checks: MP-ME-200, MP-MEETINGS-LIST, MP-FUZZ-NO-5XX ×2';

function consoleText(r: RunReport): string {
  let text = '';
  const out = new Writable({ write: (chunk: Buffer, _enc, done) => ((text += chunk.toString()), done()) });
  new ConsoleReporter(out).summary(r);
  return text;
}

describe('the root causes lead every report', () => {
  test('one line per root: what failed, its headline, what it blocked; the one that blocked most first', () => {
    expect(rootCauses(report).map((r) => rootCauseLine(report, r))).toEqual([lead, 'MP-TOKEN-FIELDS failed: expires_in must be a positive integer of seconds; got undefined']);
  });

  test('console: the summary opens with the root causes; failures list the root first; the blocked checks sit under it; counts', () => {
    const text = consoleText(report);
    const lines = text.split('\n').filter(Boolean);
    expect(lines.slice(0, 3)).toEqual(['Root causes (2 failed clauses, 4 checks blocked by them)', `  ✗ ${lead}`, '  ✗ MP-TOKEN-FIELDS failed: expires_in must be a positive integer of seconds; got undefined']);
    const failures = text.slice(text.indexOf('Failures (2)'));
    expect(failures.indexOf('✗ meeting-platform MP-TOKEN-FLOW')).toBeLessThan(failures.indexOf('✗ meeting-platform MP-TOKEN-FIELDS'));
    expect(text).toMatch(/Blocked \(4\): not run, since a clause they depend on failed\n {2}by MP-TOKEN-FLOW:\n {4}no access token to run this check with: .*\n {6}⊘ meeting-platform MP-ME-200 mp-me-200/);
    // A blocked check shows no evidence of its own, and is no failure.
    expect(text).not.toContain('--- walk');
    expect(text).toMatch(/^1 passed, 2 failed, 4 blocked, 0 skipped$/m);
    expect(text).toMatch(/MP-FUZZ-NO-5XX +MUST +blocked +0 passed, 2 blocked/);
  });

  test('Markdown: one row per root with the blocked checks folded under it, before anything else', () => {
    const md = renderMarkdown(report);
    expect(md).toContain('**2 failed**, 4 blocked, 1 passed, 0 skipped');
    const rows = md.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toEqual([
      '| `MP-TOKEN-FLOW` | MUST | meeting platform at http://127.0.0.1:4010 | the token response must hold a non-empty access_token string<details><summary>it blocked 4 checks</summary>MP-ME-200, MP-MEETINGS-LIST, MP-FUZZ-NO-5XX ×2</details> |',
      '| `MP-TOKEN-FIELDS` | SHOULD | meeting platform at http://127.0.0.1:4010 | expires_in must be a positive integer of seconds; got undefined |',
    ]);
    expect(md.indexOf('| `MP-TOKEN-FLOW`')).toBeLessThan(md.indexOf('- **meeting-platform**'));
    expect(md.indexOf('#### `MP-TOKEN-FLOW`')).toBeLessThan(md.indexOf('#### `MP-TOKEN-FIELDS`'));
    expect(md).toContain('<details><summary>It blocked 4 checks</summary>\n\n- `MP-ME-200` mp-me-200: no access token to run this check with');
  });

  test('JUnit: a blocked check is skipped, with what blocked it and why', () => {
    const xml = renderJunit(report);
    expect(xml).toContain('skipped="4"');
    expect(xml).toContain('failures="2"');
    expect(xml).toMatch(/<testcase classname="meeting-platform.MP-ME-200" name="MP-ME-200 \[MUST\] mp-me-200" time="0.001">\s*<properties>\s*<property name="blockedBy" value="MP-TOKEN-FLOW"\/>\s*<\/properties>\s*<skipped message="blocked by MP-TOKEN-FLOW: no access token to run this check with: POST http:\/\/127.0.0.1:4010\/oauth\/token answered 200 application\/json without an access_token"\/>/);
  });

  test('JSON: status blocked with blockedBy, and the summary counts them apart', () => {
    const json = JSON.parse(renderJson(report)) as RunReport;
    expect(json.summary).toEqual({ passed: 1, failed: 2, blocked: 4, skipped: 0 });
    expect(json.checks.filter((c) => c.status === 'blocked').map((c) => [c.clause, c.blockedBy, c.evidence])).toEqual([
      ['MP-ME-200', 'MP-TOKEN-FLOW', undefined],
      ['MP-MEETINGS-LIST', 'MP-TOKEN-FLOW', undefined],
      ['MP-FUZZ-NO-5XX', 'MP-TOKEN-FLOW', undefined],
      ['MP-FUZZ-NO-5XX', 'MP-TOKEN-FLOW', undefined],
    ]);
  });

  test('HTML: the header names the root causes; the first failure block is the root cause, its blocked checks folded in it', () => {
    const html = renderHtml(report);
    const roots = html.slice(html.indexOf('<div class="roots">'), html.indexOf('</div>', html.indexOf('<div class="roots">')));
    expect(roots).toContain('<li><a href="#failure-0"><code>MP-TOKEN-FLOW</code></a> failed: the token response must hold a non-empty access_token string; <span class="blocked-by">it blocked 4 checks: MP-ME-200, MP-MEETINGS-LIST, MP-FUZZ-NO-5XX ×2</span></li>');
    expect(html.indexOf('<div class="roots">')).toBeLessThan(html.indexOf('<article class="failure"'));
    const first = html.slice(html.indexOf('<article class="failure"'), html.indexOf('</article>'));
    expect(first).toContain('<code>MP-TOKEN-FLOW</code>');
    expect(first).toContain('<details class="blocked"><summary>It blocked 4 checks</summary>');
    expect(html).toContain('<div class="card blocked"><b>4</b> blocked</div>');
    expect(html).toContain('<td class="status">blocked by MP-TOKEN-FLOW</td>');
  });
});
