import { describe, expect, test } from 'vitest';
import { presentReport } from '../presentReport.ts';
import { chromiumPath, renderHtmlInChromium } from '../../testing/headlessChromium.ts';
import { failingReport } from '../fixtures/failingReport.ts';
import { sideBySideReport } from '../fixtures/sideBySideReport.ts';
import { renderHtml } from './renderHtml.ts';

const report = failingReport();

describe('renderHtml', () => {
  const html = renderHtml(presentReport(report));

  test('is one self-contained file: no external scripts, styles or images', () => {
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });

  test('escapes what the checks say', () => {
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('hash &#60;script&#62;alert(1)&#60;/script&#62;');
  });

  test('leads each failure with its headline, then causes with examples and diagnosis, evidence, the first case of the leading cause to reproduce', () => {
    expect(html).toContain('FAIL');
    expect(html).toContain(`Failures (${report.summary.failed})`);
    const failure = html.slice(html.indexOf('id="failure-0"'), html.indexOf('id="failure-1"'));
    const order = ['class="headline">27 of 47 meetings could not be fetched by UUID', 'class="rule"', '<span class="count">14 ×</span> a &#34;+&#34; in the UUID came back as a space', 'uuid &#34;ab+c&#34;', '… and 11 more', 'class="diagnosis"', '<summary>uuid &#34;ab+c&#34;</summary>', 'Reproduce <span class="muted">(the first case of the leading cause)', "curl -sS &#39;http://127.0.0.1:4010/v2/meetings/ab%2Bc&#39;"];
    const at = order.map((text) => failure.indexOf(text));
    expect(at.every((i) => i >= 0), `missing: ${order.filter((_, i) => at[i]! < 0).join(' | ')}`).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // The assertion's words are evidence, never the headline.
    expect(html).toContain('<p class="headline">the current user must come as JSON</p>');
    expect(html).toContain('what the assertion said');
  });

  test('names every suite\'s targets in the header, with counts; a suite without checks says so', () => {
    expect(html).toContain('<li><b>meeting-platform</b>: meeting-platform mock (embedded): 2 checks, 0 passed, 2 failed, 0 skipped</li>');
    expect(html).toContain('<li><b>unit-record</b>: reference validator (in-process): 2 checks, 1 passed, 1 failed, 0 skipped</li>');
    expect(html).toContain('<li><b>fetch-service</b>: (no checks ran)</li>');
    expect(html).toContain(`Clauses no check covers (${report.uncovered.length})`);
  });

  test('a run that could not run all its checks says so, with the reasons', () => {
    const page = renderHtml(presentReport({ ...report, errors: ['suites/unit-record/validator.suite.ts: validator "x" could not run'] }));
    expect(page).toContain('<span class="verdict">COULD NOT RUN</span>');
    expect(page).toContain('<li class="error">suites/unit-record/validator.suite.ts: validator &#34;x&#34; could not run</li>');
  });

  test.skipIf(!chromiumPath)('renders a failing run in headless Chromium without script errors', () => {
    const page = renderHtmlInChromium(html);
    expect(page.status).toBe(0);
    expect(page.dom).toContain(`Failures (${report.summary.failed})`);
    expect(page.dom).toContain('<p class="headline">27 of 47 meetings could not be fetched by UUID</p>');
    expect(page.dom).toMatch(/<tr class="failed" data-status="failed"/);
    expect(page.log).not.toMatch(/Uncaught|SyntaxError/);
  });
});

describe('renderHtml: targets side by side', () => {
  const html = renderHtml(presentReport(sideBySideReport()));
  const matrix = html.slice(html.indexOf('<section class="matrix" data-suite="fetch-service">'), html.indexOf('</section>', html.indexOf('<section class="matrix"')));

  test('a matrix of clauses by targets, each failing cell linking to its failure on the page, then where the reference answers otherwise', () => {
    expect(matrix).toContain('<thead><tr><th>clause</th><th>level</th><th>reference (embedded)</th><th>staging</th><th>broken</th></tr></thead>');
    expect(matrix).toContain('<tr><td><code>FS-AUTH-REQUIRED</code></td><td>MUST</td><td class="cell passed">passed</td><td class="cell passed">passed</td><td class="cell failed"><a href="#failure-0">FAIL</a></td></tr>');
    expect(matrix).toContain('<tbody class="clause-group" data-group="security"><tr class="section"><th colspan="5">Security checks</th></tr>');
    expect(matrix).toContain('<li><a href="#failure-0"><code>FS-AUTH-REQUIRED</code> [broken]</a> no X-SVC-API-Key header: the reference answers 401 here; broken answers 200</li>');
    expect(html).toContain('<article class="failure" id="failure-0">');
    const failure = html.slice(html.indexOf('id="failure-0"'));
    expect(failure).toContain('<div class="reference-answers"><b>The reference answers otherwise</b><ul><li>no X-SVC-API-Key header: the reference answers 401 here; broken answers 200</li>');
    // The suite with one target stays in the clause table; the matrix's suite is not there twice.
    const clauses = html.slice(html.indexOf('<table class="clauses">'), html.indexOf('</table>', html.indexOf('<table class="clauses">')));
    expect(clauses).toContain('<code>UR-ID</code>');
    expect(clauses).not.toContain('FS-AUTH-KEY');
  });

  test('one target per suite: no matrix', () => {
    expect(renderHtml(presentReport(failingReport()))).not.toContain('class="matrix"');
  });

  test.skipIf(!chromiumPath)('in headless Chromium: the matrix renders, and its failing cell links to an element that is there', () => {
    const page = renderHtmlInChromium(html);
    expect(page.status).toBe(0);
    expect(page.log).not.toMatch(/Uncaught|SyntaxError/);
    const cell = /<td class="cell failed"><a href="#([^"]+)">FAIL<\/a><\/td>/.exec(page.dom);
    expect(cell, 'a failing cell with its link').not.toBeNull();
    expect(page.dom).toContain(`id="${cell![1]}"`);
    expect(page.dom).toContain('<th>broken</th>');
  });
});
