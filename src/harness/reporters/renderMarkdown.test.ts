import { describe, expect, test } from 'vitest';
import { buildReport } from '../buildReport.ts';
import { failingReport } from './testing/failingReport.ts';
import { renderMarkdown } from './renderMarkdown.ts';

describe('renderMarkdown', () => {
  const report = failingReport();
  const md = renderMarkdown(report);

  test('leads with the verdict and counts, then every failed clause with its headline', () => {
    expect(md.split('\n')[0]).toBe('## conform: ❌ FAIL');
    expect(md).toContain('**3 failed**, 1 passed, 0 skipped');
    expect(md).toContain('| `MP-ID-ENCODING` | MUST | meeting-platform mock (embedded) | 27 of 47 meetings could not be fetched by UUID |');
    expect(md).toContain('| `MP-ME-200` | MUST | meeting-platform mock (embedded) | the current user must come as JSON |');
  });

  test("each failure: causes with counts and diagnoses, and the first failing case's reproduction in a code block", () => {
    const section = md.slice(md.indexOf('#### `MP-ID-ENCODING`'), md.indexOf('#### `MP-ME-200`'));
    expect(section).toContain('- **14 ×** a "+" in the UUID came back as a space: `uuid "ab+c": GET /v2/meetings/ab%2Bc answered 404`');
    expect(section).toContain('… and 11 more');
    expect(section).toContain('> **Diagnosis:** decode path segments with percent-decoding only');
    expect(section).toContain("Reproduce the first failing case:\n\n```sh\ncurl -sS 'http://127.0.0.1:4010/v2/meetings/ab%2Bc'");
  });

  test('no HTML gets through; code with backticks keeps its fence; the uncovered clauses fold away', () => {
    expect(md).not.toContain('<script>');
    expect(md).toContain('<details><summary>');
    const withTicks = { ...report, checks: report.checks.map((c) => (c.clause === 'UR-HASH' ? { ...c, reproduction: 'echo ```` done' } : c)) };
    expect(renderMarkdown(withTicks)).toContain('`````sh\necho ```` done\n`````');
  });

  test('a passing run is one short paragraph', () => {
    const passing = buildReport({ version: '0.1.0', suites: ['unit-record'], seed: 7, strict: false, startedAt: new Date(0), durationMs: 10, checks: report.checks.filter((c) => c.status === 'passed'), filtered: true });
    const text = renderMarkdown(passing);
    expect(text.split('\n')[0]).toBe('## conform: ✅ PASS');
    expect(text).not.toContain('Failed clauses');
    expect(text.length).toBeLessThan(400);
  });
});
