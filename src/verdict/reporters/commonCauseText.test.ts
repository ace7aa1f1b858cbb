// One cause for a flaky target: every format leads with it and its rate, and folds the failed clauses
// it explains under it; a failure it does not explain stays a root cause of its own.
import { describe, expect, test } from 'vitest';
import { presentReport } from '../presentReport.ts';
import { buildReport } from '../buildReport.ts';
import type { ExchangeOutcomes } from '../../exchange/exchangeOutcomes.ts';
import type { CheckResult, RunReport } from '../RunReport.ts';
import { checkResult } from '../../testing/checkResult.ts';
import { renderHtml } from './renderHtml.ts';
import { renderJson } from './renderJson.ts';
import { renderJunit } from './renderJunit.ts';
import { renderMarkdown } from './renderMarkdown.ts';
import { consoleSummary } from '../fixtures/consoleSummary.ts';

const sent = (requests: number, n503 = 0): ExchangeOutcomes => ({ requests, ...(n503 ? { troubles: { 503: n503 } } : {}) });
const mp = (clause: string, status: CheckResult['status'], exchanges: ExchangeOutcomes, message: string) =>
  checkResult(clause, status, { suite: 'meeting-platform', target: 'staging', title: clause.toLowerCase(), message, exchanges });
const report = buildReport({
  version: '0.1.0',
  suites: ['meeting-platform'],
  seed: 7,
  strict: false,
  startedAt: new Date(0),
  durationMs: 1200,
  filtered: true,
  checks: [
    mp('MP-ME-200', 'failed', sent(4, 1), '1 of 4 requests for the current user did not answer 200: HTTP 503 instead of 200'),
    mp('MP-MEETING-BY-ID', 'failed', sent(10, 6), '6 of 10 meetings could not be fetched by their numeric id: answered 503'),
    mp('MP-API-401', 'failed', sent(6, 3), '3 of 6 requests without a valid token were not refused with 401: HTTP 503 instead of 401'),
    mp('MP-JOIN-URL', 'passed', sent(60, 18), ''),
    mp('MP-PAGINATION-TOTAL', 'failed', sent(24, 3), 'total_records changed from 47 to 46 between pages'),
  ],
});
const cause = '31 of 104 requests to staging answered 503, across the failures of 3 clauses';

describe('every format leads with the common cause', () => {
  test('console: first in the root causes, the clauses it explains folded under it, the other failure after', () => {
    const lines = consoleSummary(report).split('\n').filter(Boolean);
    expect(lines.slice(0, 6)).toEqual([
      'Root causes (4 failed clauses; 3 of them with one cause)',
      `  ✗ ${cause}:`,
      '      MP-ME-200 failed: 1 of 4 requests for the current user did not answer 200: HTTP 503 instead of 200',
      '      MP-MEETING-BY-ID failed: 6 of 10 meetings could not be fetched by their numeric id: answered 503',
      '      MP-API-401 failed: 3 of 6 requests without a valid token were not refused with 401: HTTP 503 instead of 401',
      '  ✗ MP-PAGINATION-TOTAL failed: total_records changed from 47 to 46 between pages',
    ]);
  });

  test('HTML: the first root in the header, the clauses it explains folded under it', () => {
    const html = renderHtml(presentReport(report));
    const roots = html.slice(html.indexOf('<div class="roots">'), html.indexOf('</div>', html.indexOf('<div class="roots">')));
    expect(roots).toMatch(new RegExp(`^<div class="roots"><h2>Root causes</h2><ul><li class="common-cause"><b>${cause}</b><details><summary>3 failed clauses it explains</summary><ul><li><a href="#failure-\\d"><code>MP-ME-200</code></a> failed: `));
    expect(roots.indexOf('MP-API-401')).toBeLessThan(roots.indexOf('</details>'));
    expect(roots.indexOf('MP-PAGINATION-TOTAL')).toBeGreaterThan(roots.indexOf('</details>'));
  });

  test('Markdown: a section of its own before the failed clauses, which no longer list what it explains', () => {
    const md = renderMarkdown(presentReport(report));
    expect(md).toContain(`### Common cause: ${cause}\n\n<details><summary>The 3 failed clauses it explains</summary>\n\n| clause | level | target | what went wrong |\n|---|---|---|---|\n| \`MP-ME-200\` |`);
    expect(md.indexOf('### Common cause')).toBeLessThan(md.indexOf('### Failed clauses'));
    const failed = md.slice(md.indexOf('### Failed clauses'), md.indexOf('\n\n', md.indexOf('|---|', md.indexOf('### Failed clauses'))));
    expect(failed).toContain('`MP-PAGINATION-TOTAL`');
    expect(failed).not.toContain('`MP-ME-200`');
  });

  test('JUnit: the cause a property of the target\'s suite and of each failure it explains', () => {
    const xml = renderJunit(presentReport(report));
    expect(xml).toContain(`<property name="commonCause" value="${cause}"/>`);
    expect(xml).toMatch(new RegExp(`<testcase classname="meeting-platform.MP-API-401"[^>]*>\\s*<properties>\\s*<property name="commonCause" value="${cause}"/>`));
    expect(xml).toMatch(/<testcase classname="meeting-platform.MP-PAGINATION-TOTAL"[^>]*>\s*<failure /);
  });

  test('JSON: the cause with its counts and the failures it explains', () => {
    const json = JSON.parse(renderJson(presentReport(report))) as RunReport;
    expect(json.commonCauses?.map((c) => [c.outcome, c.count, c.requests, c.clauses])).toEqual([['503', 31, 104, ['MP-ME-200', 'MP-MEETING-BY-ID', 'MP-API-401']]]);
    expect(json.checks.find((c) => c.clause === 'MP-ME-200')!.exchanges).toEqual({ requests: 4, troubles: { 503: 1 } });
  });
});
