// Failures the suppressions file accepts are shown apart in every format, like warnings: after the
// failures, with the entry's reason and date, counted on their own, not failing the run.
import { describe, expect, test } from 'vitest';
import { presentReport } from '../presentReport.ts';
import { exitCodeOf } from '../runVerdict.ts';
import { applySuppressions, newEntries } from '../suppressions/applySuppressions.ts';
import { plainText, renderConsole } from './renderConsole.ts';
import { summaryLine } from './runSummaryText.ts';
import { renderHtml } from './renderHtml.ts';
import { renderJunit } from './renderJunit.ts';
import { renderMarkdown } from './renderMarkdown.ts';
import { failingReport } from '../fixtures/failingReport.ts';

const failing = failingReport();
const entries = newEntries(failing, [])
  .filter((e) => e.clause === 'MP-ID-ENCODING')
  .map((e) => ({ ...e, reason: 'the platform fixes "+" in UUIDs in Q3 (PLAT-42)', until: '2999-12-31' }));
// And one left without a reason, for a clause that no longer fails: a note each.
const stale = { ...newEntries(failing, []).find((e) => e.clause === 'UR-HASH')!, clause: 'UR-ID', check: 'id' };
const report = applySuppressions(failing, [...entries, stale], 'conform-suppressions.json');

test('the report: one accepted check, the other failures still fail', () => {
  expect(report.checks.find((c) => c.clause === 'MP-ID-ENCODING')!.status).toBe('accepted');
  expect(report.summary).toEqual({ passed: 1, failed: 2, accepted: 1, warnings: 0, blocked: 0, skipped: 0, unjudged: 0 });
  expect(report.suppressions).toEqual({ file: 'conform-suppressions.json', entries: 3, stale: 1, expired: 0, unexplained: 1 });
  expect(exitCodeOf(report)).toBe(1);
});

describe('every format shows accepted failures apart', () => {
  test('console: a lead of its own after the root causes, a section after the failures with the reason, the notes, the count in the summary line', () => {
    const text = renderConsole(presentReport(report), plainText).map((line) => `${line}
`).join('');
    expect(text).toContain('\nAccepted (1 failed clause accepted by conform-suppressions.json; it does not fail the run)\n  ≈ MP-ID-ENCODING accepted: 27 of 47 meetings could not be fetched by UUID; reason: the platform fixes "+" in UUIDs in Q3 (PLAT-42); until 2999-12-31\n');
    expect(text).toContain('\nAccepted (1): failed checks conform-suppressions.json accepts; they do not fail the run\n≈ meeting-platform MP-ID-ENCODING [MUST] every listed meeting can be fetched by its UUID, encoded as the rule says [meeting-platform mock (embedded)]\n    27 of 47 meetings could not be fetched by UUID\n    reason: the platform fixes "+" in UUIDs in Q3 (PLAT-42); until 2999-12-31\n');
    expect(text.indexOf('Root causes')).toBeLessThan(text.indexOf('Accepted (1 failed'));
    expect(text.indexOf('Failures (2)')).toBeLessThan(text.indexOf('Accepted (1):'));
    // The accepted check is not among the failures.
    expect(text.slice(text.indexOf('Failures (2)'), text.indexOf('Accepted (1):'))).not.toContain('MP-ID-ENCODING');
    expect(text).toMatch(/MP-ID-ENCODING +MUST +accept +0 passed, 1 accepted/);
    expect(text).toContain('conform-suppressions.json: 1 entry has no reason yet: write in "reason" why the failure is accepted\n');
    expect(text).toContain('conform-suppressions.json: 1 entry no longer matches a failure of a check that ran: conform run --prune drops it\n');
    expect(text).toMatch(/^FAIL with 1 accepted in 1\.2s \(seed 7\)$/m);
    // The entry still without a reason is counted in the summary line too.
    expect(summaryLine(presentReport(report))).toBe('1 passed, 1 accepted (conform-suppressions.json), 2 failed, 0 skipped, 1 entry of conform-suppressions.json without a reason');
    expect(text).toMatch(/\n1 passed, 1 accepted \(conform-suppressions\.json\), 2 failed, 0 skipped, 1 entry of conform-suppressions\.json without a reason\n$/);
  });

  test('Markdown: counted in the first lines, a table of its own with reason and date after the failures', () => {
    const md = renderMarkdown(presentReport(report));
    expect(md.split('\n')[0]).toBe('## conform: ❌ FAIL with 1 accepted');
    expect(md).toContain('**1 passed, 1 accepted (conform-suppressions.json), 2 failed, 0 skipped, 1 entry of conform-suppressions.json without a reason**');
    expect(md).toContain('### Accepted: failures `conform-suppressions.json` accepts (they do not fail the run)\n\n| clause | level | target | what went wrong | reason | until |\n|---|---|---|---|---|---|\n| `MP-ID-ENCODING` | MUST | meeting-platform mock (embedded) | 27 of 47 meetings could not be fetched by UUID | the platform fixes "+" in UUIDs in Q3 (PLAT-42) | 2999-12-31 |');
    expect(md.indexOf('### Failed clauses')).toBeLessThan(md.indexOf('### Accepted'));
    expect(md.slice(0, md.indexOf('### Accepted'))).not.toContain('MP-ID-ENCODING');
    expect(md).toContain('- ⚠️ conform-suppressions.json: 1 entry has no reason yet');
  });

  test('JUnit: skipped, so CI stays green for it, with the reason as the message, an accepted property and the details as output', () => {
    const xml = renderJunit(presentReport(report));
    expect(xml).toMatch(/<testcase classname="meeting-platform.MP-ID-ENCODING" [^>]*>\s*<properties>\s*<property name="accepted" value="true"\/>\s*<property name="acceptedUntil" value="2999-12-31"\/>\s*<\/properties>\s*<skipped message="accepted \(conform-suppressions.json\): the platform fixes &quot;\+&quot; in UUIDs in Q3 \(PLAT-42\); 27 of 47 meetings could not be fetched by UUID"\/>\s*<system-out>/);
    expect(xml.match(/<failure /g)).toHaveLength(2);
    // The entry without a reason: a test case of its own, skipped, since the run was not told to require reasons.
    expect(xml).toMatch(/<testcase classname="conform.suppressions" name="every entry of conform-suppressions.json says why its failure is accepted"[^>]*>\s*<skipped message="1 entry of conform-suppressions.json without a reason"\/>/);
    expect(xml).toContain('<property name="summary" value="1 passed, 1 accepted (conform-suppressions.json), 2 failed, 0 skipped, 1 entry of conform-suppressions.json without a reason"/>');
  });

  test('HTML: a card, a header list and a section of their own after the failures, each with its reason; a status of its own in the tables', () => {
    const html = renderHtml(presentReport(report));
    expect(html).toContain('<div class="card accepted"><b>1</b> accepted</div>');
    expect(html).toContain('<div class="card unexplained"><b>1</b> suppressions without a reason</div>');
    expect(html).toContain('<p class="summary-line">1 passed, 1 accepted (conform-suppressions.json), 2 failed, 0 skipped, 1 entry of conform-suppressions.json without a reason</p>');
    expect(html).toContain('<div class="accepted-roots"><h2>Accepted (conform-suppressions.json; they do not fail the run)</h2><ul><li><a href="#accepted-0"><code>MP-ID-ENCODING</code></a>: 27 of 47 meetings could not be fetched by UUID <span class="muted">(reason: the platform fixes &#34;+&#34; in UUIDs in Q3 (PLAT-42); until 2999-12-31)</span></li></ul></div>');
    expect(html).toContain('<article class="failure accepted" id="accepted-0">');
    expect(html).toContain('<p class="reason"><b>Accepted</b> reason: the platform fixes &#34;+&#34; in UUIDs in Q3 (PLAT-42); until 2999-12-31</p>');
    expect(html.indexOf('<h2>Failures (2)</h2>')).toBeLessThan(html.indexOf('<section class="accepted">'));
    expect(html).toMatch(/<tr class="accepted" data-status="accepted" data-text="[^"]*"><td class="status">accepted<\/td><td><code>MP-ID-ENCODING<\/code>/);
    expect(html).toContain('<label><input type="checkbox" data-status="accepted" checked> accepted</label>');
    expect(html).toContain('<li class="note-warning">conform-suppressions.json: 1 entry has no reason yet');
  });
});
