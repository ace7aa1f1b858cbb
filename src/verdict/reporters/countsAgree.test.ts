// A run's counts come from one place (summaryOf): the HTML header's cards, each suite's line, the console's
// and Markdown's summary lines and the JUnit summary agree, whatever mix of failures, warnings and blocked
// checks the run had.
import { expect, test } from 'vitest';
import { presentReport } from '../presentReport.ts';
import { buildReport } from '../buildReport.ts';
import type { CheckResult } from '../RunReport.ts';
import { checkResult } from '../../testing/checkResult.ts';
import { renderHtml } from './renderHtml.ts';
import { renderJunit } from './renderJunit.ts';
import { renderMarkdown } from './renderMarkdown.ts';
import { consoleSummary } from '../fixtures/consoleSummary.ts';

const mp = (clause: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}) => checkResult(clause, status, { suite: 'meeting-platform', target: 'staging', title: clause.toLowerCase(), message: `${clause} went wrong`, ...extra });
// 13 failed MUST checks and 2 failed SHOULD ones (warnings, in a run that is not strict): 15 checks of status failed.
const checks = [
  ...Array.from({ length: 13 }, (_, i) => mp('MP-ME-200', 'failed', { title: `case ${i}` })),
  mp('MP-TOKEN-FIELDS', 'failed', { level: 'SHOULD' }),
  mp('MP-TOKEN-CONTENT-TYPE', 'failed', { level: 'SHOULD' }),
  mp('MP-API-401', 'passed'),
];
const report = buildReport({ version: '0.1.0', suites: ['meeting-platform'], seed: 7, strict: false, startedAt: new Date(0), durationMs: 1200, checks, filtered: false });
const counts = '1 passed, 13 failed, 2 warnings, 0 skipped';

test('a suite line counts as the header does: warnings apart from failures', () => {
  expect(report.summary).toMatchObject({ failed: 13, warnings: 2 });
  const html = renderHtml(presentReport(report));
  expect(html).toContain('<div class="card failed"><b>13</b> failed</div>');
  expect(html).toContain(`<li><b>meeting-platform</b>: staging: 16 checks, ${counts}</li>`);
  expect(html).toContain(`<title>conform report: ${counts}</title>`);
  expect(html).toContain(`<p class="summary-line">${counts}</p>`);
  expect(renderMarkdown(presentReport(report))).toContain(`**${counts}**`);
  expect(renderMarkdown(presentReport(report))).toContain(`- **meeting-platform**: staging: 16 checks, ${counts}`);
  expect(renderJunit(presentReport(report))).toContain(`<property name="summary" value="${counts}"/>`);
  expect(consoleSummary(report).trimEnd().split('\n').at(-1)).toBe(counts);
});
