// Nothing unjudged passes in silence, through the real CLI: a run whose generated checks are off
// (--fuzz-runs 0) names the MUST clauses they would have judged, with the reason, beside the verdict in
// every format, and --strict fails it. The run keeps to those checks (--grep FS-FUZZ): the checks it did
// not select are no part of it, and leave nothing unjudged.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runConform } from '../../testing/runConform.ts';

const dir = mkdtempSync(join(tmpdir(), 'conform-unjudged-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = '3 MUST clauses not judged on reference (embedded) and mock (embedded), each: FS-FUZZ-NO-5XX, FS-FUZZ-POSITIVE, FS-FUZZ-NEGATIVE: generated checks are off (--fuzz-runs 0)';
const args = (name: string) => ['run', 'fetch-service', '--fuzz-runs', '0', '--grep', 'FS-FUZZ', ...['html', 'markdown', 'junit'].flatMap((f) => ['--report', `${f}=${join(dir, `${name}.${f}`)}`])];
const read = (name: string, format: string) => readFileSync(join(dir, `${name}.${format}`), 'utf8');

describe.concurrent('conform run with checks skipped', () => {
  test('the verdict names each unjudged MUST clause with its reason in every format; the JSON counts them; the run passes', async ({ signal }) => {
    const r = await runConform(args('pass'), {}, { signal });
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    // The checks --grep did not select are counted skipped, however many the suite holds.
    expect(r.stdout).toMatch(new RegExp(`\\nPASS in [\\d.]+s \\(seed 7\\) — ${escape(line)}\\n0 passed, 0 failed, ${r.report!.summary.skipped} skipped, 6 MUST clauses not judged\\n`));
    // Skipped is not "no check covers": those checks exist, and said why they did not judge.
    expect(r.stdout).not.toContain('Clauses no check covers');
    expect(r.report!.summary.unjudged).toBe(6);
    const listed = r.report!.unjudged.map((u) => `${u.target} ${u.clause}: ${u.reasons.join('; ')}`);
    const expected = ['reference (embedded)', 'mock (embedded)'].flatMap((t) => ['FS-FUZZ-NO-5XX', 'FS-FUZZ-POSITIVE', 'FS-FUZZ-NEGATIVE'].map((c) => `${t} ${c}: generated checks are off (--fuzz-runs 0)`));
    expect(listed.sort()).toEqual(expected.sort());
    expect(read('pass', 'html')).toContain(`<div class="unjudged"><p>${line}</p></div>`);
    expect(read('pass', 'markdown')).toContain(`## conform: ✅ PASS\n\n⚠️ **${line}**\n`);
    expect(read('pass', 'junit')).toMatch(/<testcase classname="fetch-service.unjudged" name="MUST clauses not judged on mock \(embedded\)"[^>]*>[\s\S]*?<skipped message="3 MUST clauses not judged on mock \(embedded\): FS-FUZZ-NO-5XX, FS-FUZZ-POSITIVE, FS-FUZZ-NEGATIVE: generated checks are off \(--fuzz-runs 0\)"\/>/);
  }, 120_000);

  test('--strict fails the run on them (exit 1), saying why beside the verdict', async ({ signal }) => {
    const r = await runConform([...args('strict'), '--strict'], {}, { signal });
    expect(r.exitCode, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`\\nFAIL in [\\d.]+s \\(seed 7\\) — ${escape(line)}\\n`));
    expect(read('strict', 'junit')).toMatch(/<testcase classname="fetch-service.unjudged" name="MUST clauses not judged on mock \(embedded\)"[^>]*>[\s\S]*?<failure message="3 MUST clauses not judged on mock \(embedded\): [^"]*" type="MUST"\/>/);
  }, 120_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
