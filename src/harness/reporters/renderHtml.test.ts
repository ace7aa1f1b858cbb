import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildReport } from '../buildReport.ts';
import type { CheckResult } from '../report.ts';
import { renderHtml } from './renderHtml.ts';

const checks: CheckResult[] = [
  { id: 'a', suite: 'unit-record', target: 'ref', clause: 'UR-HASH', level: 'MUST', title: 'hash <script>alert(1)</script>', status: 'failed', durationMs: 3, message: 'expected 0 to be 1', reproduction: 'cat > /tmp/x.json', evidence: [{ label: 'record', text: '{"hash":"ABC"}' }] },
  { id: 'b', suite: 'unit-record', target: 'ref', clause: 'UR-ID', level: 'MUST', title: 'id', status: 'passed', durationMs: 1 },
];
const report = buildReport({ version: '0.1.0', suites: ['unit-record'], seed: 7, strict: false, startedAt: new Date(0), durationMs: 1200, checks, filtered: false });

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

  test('shows the verdict, the failure with evidence and reproduction, and uncovered clauses', () => {
    expect(html).toContain('FAIL');
    expect(html).toContain('Failures (1)');
    expect(html).toContain('{&#34;hash&#34;:&#34;ABC&#34;}');
    expect(html).toContain('cat &#62; /tmp/x.json');
    expect(html).toContain(`Clauses no check covers (${report.uncovered.length})`);
  });

  const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  test.skipIf(!chromium)('renders in headless Chromium without script errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-html-'));
    try {
      const file = join(dir, 'report.html');
      writeFileSync(file, html);
      const r = spawnSync(
        chromium!,
        ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${join(dir, 'profile')}`, '--enable-logging=stderr', '--v=0', '--dump-dom', `file://${file}`],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('Failures (1)');
      expect(r.stdout).toMatch(/<tr class="failed" data-status="failed"/);
      expect(r.stderr).not.toMatch(/Uncaught|SyntaxError/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
