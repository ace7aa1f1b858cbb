import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { chromiumPath, renderInChromium } from '../testing/headlessChromium.ts';
import { failingReport } from './testing/failingReport.ts';
import { renderHtml } from './renderHtml.ts';

const report = failingReport();

describe('renderHtml', () => {
  const html = renderHtml(report);

  test('is one self-contained file: no external scripts, styles or images', () => {
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });

  test('escapes what the checks say', () => {
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('hash &#60;script&#62;alert(1)&#60;/script&#62;');
  });

  test('leads each failure with its headline, then causes with examples and diagnosis, evidence, the first failing case to reproduce', () => {
    expect(html).toContain('FAIL');
    expect(html).toContain(`Failures (${report.summary.failed})`);
    const failure = html.slice(html.indexOf('id="failure-0"'), html.indexOf('id="failure-1"'));
    const order = ['class="headline">27 of 47 meetings could not be fetched by UUID', 'class="rule"', '<span class="count">14 ×</span> a &#34;+&#34; in the UUID came back as a space', 'uuid &#34;ab+c&#34;', '… and 11 more', 'class="diagnosis"', '<summary>uuid &#34;ab+c&#34;</summary>', 'Reproduce <span class="muted">(the first failing case)', "curl -sS &#39;http://127.0.0.1:4010/v2/meetings/ab%2Bc&#39;"];
    const at = order.map((text) => failure.indexOf(text));
    expect(at.every((i) => i >= 0), `missing: ${order.filter((_, i) => at[i]! < 0).join(' | ')}`).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // The assertion's words are evidence, never the headline.
    expect(html).toContain('<p class="headline">the current user must come as JSON</p>');
    expect(html).toContain('what the assertion said');
  });

  test('names every suite\'s targets in the header, with counts; a suite without checks says so', () => {
    expect(html).toContain('<li><b>meeting-platform</b>: meeting-platform mock (embedded): 2 checks, 0 passed, 2 failed</li>');
    expect(html).toContain('<li><b>unit-record</b>: reference validator (in-process): 2 checks, 1 passed, 1 failed</li>');
    expect(html).toContain('<li><b>fetch-service</b>: (no checks ran)</li>');
    expect(html).toContain(`Clauses no check covers (${report.uncovered.length})`);
  });

  test('a run that could not run all its checks says so, with the reasons', () => {
    const page = renderHtml({ ...report, errors: ['suites/unit-record/validator.check.ts: validator "x" could not run'] });
    expect(page).toContain('<span class="verdict">COULD NOT RUN</span>');
    expect(page).toContain('<li class="error">suites/unit-record/validator.check.ts: validator &#34;x&#34; could not run</li>');
  });

  test.skipIf(!chromiumPath)('renders a failing run in headless Chromium without script errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-html-'));
    try {
      const file = join(dir, 'report.html');
      writeFileSync(file, html);
      const page = renderInChromium(file);
      expect(page.status).toBe(0);
      expect(page.dom).toContain(`Failures (${report.summary.failed})`);
      expect(page.dom).toContain('<p class="headline">27 of 47 meetings could not be fetched by UUID</p>');
      expect(page.dom).toMatch(/<tr class="failed" data-status="failed"/);
      expect(page.log).not.toMatch(/Uncaught|SyntaxError/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
