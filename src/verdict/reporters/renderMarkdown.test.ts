import { describe, expect, test } from 'vitest';
import { presentReport } from '../presentReport.ts';
import { buildReport } from '../buildReport.ts';
import { failingReport } from '../fixtures/failingReport.ts';
import { sideBySideReport } from '../fixtures/sideBySideReport.ts';
import { renderMarkdown } from './renderMarkdown.ts';

describe('renderMarkdown', () => {
  const report = failingReport();
  const md = renderMarkdown(presentReport(report));

  test('leads with the verdict and counts, then every failed clause with its headline', () => {
    expect(md.split('\n')[0]).toBe('## conform: ❌ FAIL');
    expect(md).toContain('**1 passed, 3 failed, 0 skipped**');
    expect(md).toContain('| `MP-ID-ENCODING` | MUST | meeting-platform mock (embedded) | 27 of 47 meetings could not be fetched by UUID |');
    expect(md).toContain('| `MP-ME-200` | MUST | meeting-platform mock (embedded) | the current user must come as JSON |');
  });

  test("each failure: causes with counts and diagnoses, and the first case of the leading cause's reproduction in a code block", () => {
    const section = md.slice(md.indexOf('#### `MP-ID-ENCODING`'), md.indexOf('#### `MP-ME-200`'));
    expect(section).toContain('- **14 ×** a "+" in the UUID came back as a space: `uuid "ab+c": GET /v2/meetings/ab%2Bc answered 404`');
    expect(section).toContain('… and 11 more');
    expect(section).toContain('> **Diagnosis:** decode path segments with percent-decoding only');
    expect(section).toContain("Reproduce the first case of the leading cause:\n\n```sh\ncurl -sS 'http://127.0.0.1:4010/v2/meetings/ab%2Bc'");
  });

  test('no HTML gets through; code with backticks keeps its fence; the uncovered clauses fold away', () => {
    expect(md).not.toContain('<script>');
    expect(md).toContain('<details><summary>');
    const withTicks = { ...report, checks: report.checks.map((c) => (c.clause === 'UR-HASH' ? { ...c, reproduction: 'echo ```` done' } : c)) };
    expect(renderMarkdown(presentReport(withTicks))).toContain('`````sh\necho ```` done\n`````');
  });

  test('a passing run is one short paragraph', () => {
    const passing = buildReport({ version: '0.1.0', suites: ['unit-record'], seed: 7, strict: false, startedAt: new Date(0), durationMs: 10, checks: report.checks.filter((c) => c.status === 'passed'), filtered: true });
    const text = renderMarkdown(presentReport(passing));
    expect(text.split('\n')[0]).toBe('## conform: ✅ PASS');
    expect(text).not.toContain('Failed clauses');
    expect(text.length).toBeLessThan(400);
  });
});

describe('renderMarkdown: targets side by side', () => {
  const md = renderMarkdown(presentReport(sideBySideReport()));

  test('the clauses a target did not pass, a failing cell linking to its numbered, anchored failure; the whole matrix folded', () => {
    const section = md.slice(md.indexOf('### fetch-service: clauses × targets'), md.indexOf('<details><summary>All 3 clauses × 3 targets</summary>'));
    expect(section.split('\n')).toEqual([
      '### fetch-service: clauses × targets',
      '',
      'Compared with reference (embedded).',
      '',
      '| clause | level | reference (embedded) | staging | broken |',
      '|---|---|---|---|---|',
      '| `FS-AUTH-REQUIRED` | MUST | ✅ | ✅ | [❌ 1](#failure-1) |',
      '| `FS-SEC-KEY-ECHO` (security) | MUST | ✅ | ➖ | ➖ |',
      '',
      'Where the reference answers otherwise:',
      '',
      '- `FS-AUTH-REQUIRED` [broken] no X-SVC-API-Key header: the reference answers 401 here; broken answers 200',
      '- `FS-AUTH-REQUIRED` [broken] a key nobody issued: the reference answers 401 here; broken answers 200',
      '',
      '',
    ]);
    expect(md).toContain('| `FS-AUTH-KEY` | MUST | ✅ | ✅ | ✅ |');
    expect(md).toContain('#### <a id="failure-1"></a>1. `FS-AUTH-REQUIRED` no key or a key nobody issued: 4xx');
    const failure = md.slice(md.indexOf('#### <a id="failure-1">'));
    expect(failure).toContain('The reference answers otherwise:\n\n- no X-SVC-API-Key header: the reference answers 401 here; broken answers 200');
  });

  test('one target per suite: no matrix, no numbers', () => {
    const single = renderMarkdown(presentReport(failingReport()));
    expect(single).not.toContain('clauses × targets');
    expect(single).toContain('#### `MP-ID-ENCODING`');
  });
});
