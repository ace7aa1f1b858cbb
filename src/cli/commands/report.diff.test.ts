// `conform report diff BEFORE AFTER` through the real CLI: the console lists, the Markdown and JSON files,
// the exit codes, and one line for every input it cannot compare.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ReportDiff } from '../../verdict/diffReports.ts';
import { buildReport } from '../../verdict/buildReport.ts';
import { diffedReports } from '../../testing/diffedReports.ts';
import { runConform } from '../../testing/runConform.ts';

const dir = mkdtempSync(join(tmpdir(), 'conform-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const path = (name: string) => join(dir, name);
const { before, after } = diffedReports();
writeFileSync(path('before.json'), JSON.stringify(before));
writeFileSync(path('after.json'), JSON.stringify(after));

describe.concurrent('conform report diff', () => {
  test('lists per target what newly fails, what was fixed, what still fails, coverage, accepted and blocked, warnings apart; exit 1', async () => {
    const r = await runConform(['report', 'diff', path('before.json'), path('after.json'), '--markdown', path('out/diff.md'), '--report', `json=${path('out/diff.json')}`]);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toBe('');
    const text = r.stdout;
    const deployment = text.slice(text.indexOf('fetch-service · fetch service at http://127.0.0.1:33481\n'), text.indexOf('fetch-service · staging'));
    expect(deployment.split('\n').filter(Boolean)).toEqual([
      'fetch-service · fetch service at http://127.0.0.1:33481',
      '  Newly failing (2)',
      '    ✗ FS-504 [MUST] passed → failed: FS-504 went wrong against fetch service at http://127.0.0.1:33481',
      '    ✗ FS-ENCODING [MUST] accepted → failed: FS-ENCODING went wrong against fetch service at http://127.0.0.1:33481',
      // An accepted failure is newly accepted, never fixed.
      '  Fixed (1)',
      '    ✓ FS-ERROR-BODY [MUST] failed → passed: FS-ERROR-BODY went wrong against fetch service at http://127.0.0.1:41303',
      '  Still failing (1)',
      '    ✗ FS-AUTH-KEY [MUST] failed: FS-AUTH-KEY went wrong against fetch service at http://127.0.0.1:33481',
      '  Newly covered (1)',
      '    + FS-SEC-SCHEME [MUST] uncovered → passed',
      '  Newly uncovered (1)',
      '    - FS-429 [MUST] passed → uncovered',
      '  Newly accepted (1)',
      '    ≈ FS-REDIRECT-DEFAULT [MUST] failed → accepted: FS-REDIRECT-DEFAULT went wrong against fetch service at http://127.0.0.1:33481 (accepted: the vendor says so)',
      '  Newly blocked (1)',
      '    ⊘ FS-RESULT-SHAPE [MUST] passed → blocked: blocked by FS-AUTH-KEY: the issued key was refused',
      '  New warnings (SHOULD) (1)',
      '    ⚠ FS-CONTENT-TYPE-LABEL [SHOULD] passed → warning: FS-CONTENT-TYPE-LABEL went wrong against fetch service at http://127.0.0.1:33481',
      '  Warnings gone (1)',
      '    ✓ FS-JSON-LABEL [SHOULD] warning → passed: FS-JSON-LABEL went wrong against fetch service at http://127.0.0.1:41303',
    ]);
    expect(text).toContain('\nfetch-service · staging\n  Still failing (1)\n');
    expect(text).toContain('\nfetch-service · prod: new: only AFTER ran this target\n  Newly failing (1)\n    ✗ FS-504 [MUST] uncovered → failed');
    expect(text).toContain('\nfetch-service · old: gone: only BEFORE ran this target\n');
    expect(text).toContain('\nFAIL: 3 clauses newly fail; 1 MUST clause newly accepted: FS-REDIRECT-DEFAULT [fetch service at http://127.0.0.1:33481] (failed → accepted) (1 fixed, 2 still failing, 1 newly covered, 1 newly uncovered, 1 newly accepted, 1 newly blocked, 1 new warning)\n');

    const md = readFileSync(path('out/diff.md'), 'utf8');
    expect(md.split('\n')[0]).toBe('## conform: what changed ❌');
    expect(md).toContain('| fetch-service · fetch service at http://127.0.0.1:33481 | 2 | 1 | 1 | 1 | 1 | 1 |');
    expect(md).toContain('| fetch-service · prod (new) | 1 | 0 | 0 | 0 | 0 | 0 |');
    expect(md).toContain('**✗ Newly failing (2)**\n\n| clause | level | before → after | what it says |\n|---|---|---|---|\n| `FS-504` | MUST | passed → failed | FS-504 went wrong against fetch service at http://127.0.0.1:33481 |');
    expect(md).toContain('<details><summary>✗ Still failing (1)</summary>');
    const json = JSON.parse(readFileSync(path('out/diff.json'), 'utf8')) as ReportDiff;
    expect(json.counts.newlyFailing).toBe(3);
    expect(json.targets.map((t) => t.target)).toEqual(['fetch service at http://127.0.0.1:33481', 'staging', 'prod', 'old']);
  });

  test('nothing newly fails: exit 0, and a target with no change says so', async () => {
    const fixed = { ...after, checks: after.checks.map((c) => (c.target === 'staging' ? { ...c, status: 'passed' } : c)) };
    writeFileSync(path('staging-fixed.json'), JSON.stringify(fixed));
    const r = await runConform(['report', 'diff', path('staging-fixed.json'), path('staging-fixed.json')]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('\nfetch-service · staging: no change (2 clauses judged in both, 0 failing)\n');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('PASS: nothing newly fails (0 fixed, 4 still failing, 0 newly covered, 0 newly uncovered)');
  });

  test.for<[string, () => string[], RegExp]>([
    ['a missing file', () => [path('nope.json'), path('after.json')], /^conform: cannot read .*nope\.json: ENOENT\n$/],
    ['a file that is not JSON', () => (writeFileSync(path('text.json'), 'PASS\n'), [path('before.json'), path('text.json')]), /^conform: .*text\.json is not JSON \(.*\)\n$/],
    ['JSON that is no report', () => (writeFileSync(path('other.json'), '{"tool": "eslint"}'), [path('other.json'), path('after.json')]), /^conform: .*other\.json is not a conform report: expected the JSON report of conform run --report json=PATH\n$/],
    [
      'reports of different suites',
      () => (writeFileSync(path('records.json'), JSON.stringify(buildReport({ version: '0', suites: ['unit-record'], seed: 7, strict: false, startedAt: new Date(0), durationMs: 1, checks: [], filtered: true }))), [path('before.json'), path('records.json')]),
      /^conform: reports of different suites: BEFORE ran fetch-service, AFTER ran unit-record\n$/,
    ],
    ['a format it does not write', () => [path('before.json'), path('after.json'), '--report', 'html=x.html'], /^conform: --report takes FORMAT=PATH with FORMAT one of markdown, json; got "html=x\.html"\n$/],
  ])('%s: one line, exit 2', async ([, args, message]) => {
    const r = await runConform(['report', 'diff', ...args()]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  test('--help says what it lists and its exit codes', async () => {
    const r = await runConform(['report', 'diff', '--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Usage: conform report diff [options] <before> <after>');
    expect(r.stdout).toContain('--markdown <path>');
    expect(r.stdout).toContain('Exit codes: 0 nothing newly fails; 1 a clause newly fails against a target; 2 a report could not be read');
  });
});
