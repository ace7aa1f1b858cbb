import { describe, expect, test } from 'vitest';
import { presentReport } from '../presentReport.ts';
import { buildReport } from '../buildReport.ts';
import type { CheckResult } from '../RunReport.ts';
import { plainText, renderConsole } from './renderConsole.ts';
import { renderHtml } from './renderHtml.ts';
import { renderJson } from './renderJson.ts';
import { renderJunit } from './renderJunit.ts';
import { renderMarkdown } from './renderMarkdown.ts';
import { checkResult } from '../../testing/checkResult.ts';

// Every format shows the security clauses as a group of their own (issue: reports group the security checks).
const check = (clause: string, status: CheckResult['status'], group?: string): CheckResult => ({
  ...checkResult(clause, status, { id: clause, target: 'ref', ...(group ? { group } : {}), title: `checks ${clause}` }),
  ...(status === 'failed' ? { message: 'the key reached the origin' } : {}),
});
const base = { version: '0.1.0', suites: ['fetch-service' as const], seed: 7, strict: false, startedAt: new Date(0), durationMs: 10, filtered: true };
const report = buildReport({ ...base, checks: [check('FS-AUTH-KEY', 'passed'), check('FS-SEC-KEY-FORWARD', 'failed', 'security'), check('FS-SEC-KEY-ECHO', 'passed', 'security')] });

describe('clause groups in every report format', () => {
  test('console: a "Security checks" heading above the security clauses, after the others', () => {
    const text = renderConsole(presentReport(report), plainText).map((line) => `${line}
`).join('');
    const [ordinary, security] = [text.indexOf('\nClauses\n'), text.indexOf('\nSecurity checks\n')];
    expect(ordinary).toBeGreaterThanOrEqual(0);
    expect(security).toBeGreaterThan(ordinary);
    expect(text.indexOf('FS-AUTH-KEY')).toBeLessThan(security);
    expect(text.indexOf('FS-SEC-KEY-ECHO')).toBeGreaterThan(security);
    expect(text).toContain('✗ fetch-service FS-SEC-KEY-FORWARD [MUST, security]');
  });

  test('JSON: each check names its group', () => {
    const json = JSON.parse(renderJson(presentReport(report))) as { checks: CheckResult[] };
    expect(json.checks.map((c) => [c.clause, c.group])).toEqual([['FS-AUTH-KEY', undefined], ['FS-SEC-KEY-FORWARD', 'security'], ['FS-SEC-KEY-ECHO', 'security']]);
  });

  test('JUnit: security checks sit in their own class path and carry a group property', () => {
    const xml = renderJunit(presentReport(report));
    expect(xml).toContain('classname="fetch-service.security.FS-SEC-KEY-FORWARD"');
    expect(xml).toContain('classname="fetch-service.FS-AUTH-KEY"');
    expect(xml).toMatch(/<property name="group" value="security"\/>/);
  });

  test('Markdown: failed security checks have a table of their own after the other failed clauses', () => {
    const failing = buildReport({ ...base, checks: [check('FS-AUTH-KEY', 'failed'), check('FS-SEC-KEY-FORWARD', 'failed', 'security')] });
    const md = renderMarkdown(presentReport(failing));
    const [ordinary, security] = [md.indexOf('### Failed clauses'), md.indexOf('### Failed security checks')];
    expect(ordinary).toBeGreaterThanOrEqual(0);
    expect(security).toBeGreaterThan(ordinary);
    expect(md.indexOf('FS-AUTH-KEY')).toBeLessThan(security);
    expect(md.indexOf('FS-SEC-KEY-FORWARD')).toBeGreaterThan(security);
  });

  test('HTML: the clause table has a security section, and checks are tagged and filterable by it', () => {
    const html = renderHtml(presentReport(report));
    expect(html).toMatch(/<tbody class="clause-group" data-group="security"><tr class="section"><th colspan="10">Security checks<\/th><\/tr><tr class="failed"><td>fetch-service<\/td><td><code>FS-SEC-KEY-FORWARD<\/code>/);
    expect(html).toMatch(/data-text="fs-sec-key-echo [^"]*security checks"/);
  });
});
