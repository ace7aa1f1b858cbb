import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clauseRows } from '../../verdict/clauseSections.ts';
import type { RunReport } from '../../verdict/RunReport.ts';
import { runConform, type ConformResult } from '../../testing/runConform.ts';

const dir = mkdtempSync(join(tmpdir(), 'conform-shards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Six suite files over three shards: the meeting platform's four against its embedded mock (passing; the
// generated checks off, so skipped), the unit-record suite with a set validator that calls every set
// valid (`true`: the four tree clauses fail, with findings) and no record validator (the record clauses
// stay uncovered).
const run = ['run', 'meeting-platform', 'unit-record', '--validator-set', 'true', '--fuzz-runs', '0'];
const blobs = join(dir, 'blobs');

/**
 * What must not change when a run is split: each check's id, status, clause, level, target, headline,
 * causes and reproduction (the embedded mock's port aside: every run starts its own).
 */
function checksOf(report: RunReport): string[] {
  const anyPort = (text: string | undefined) => text?.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT');
  return report.checks.map((c) => JSON.stringify([c.id, c.status, c.clause, c.level, c.target, c.message, anyPort(c.reproduction), c.finding?.groups])).sort();
}

describe('a run split in three shards and merged', () => {
  let whole: ConformResult;
  let shards: ConformResult[];
  let merged: ConformResult;
  beforeAll(async () => {
    [whole, ...shards] = await Promise.all([runConform(run), ...[1, 2, 3].map((i) => runConform([...run, '--shard', `${i}/3`, '--report', `blob=${blobs}`]))]);
    merged = await runConform(['report', 'merge', blobs, '--report', `markdown=${join(dir, 'summary.md')}`]);
  }, 240_000);

  test('each shard runs a part of the checks and says so; no shard claims uncovered clauses', () => {
    for (const [i, s] of shards.entries()) {
      expect(s.report, s.stderr).toBeDefined();
      expect(s.report!.shard).toEqual({ index: i + 1, count: 3 });
      expect(s.report!.uncovered).toEqual([]);
      expect(s.report!.checks.length).toBeLessThan(whole.report!.checks.length);
    }
    expect(shards.reduce((n, s) => n + s.report!.checks.length, 0)).toBe(whole.report!.checks.length);
  });

  test('the merged report equals the unsharded one: checks and statuses, findings, clause table, uncovered clauses, targets, exit code', () => {
    const [a, b] = [merged.report!, whole.report!];
    expect(merged.exitCode, merged.stdout + merged.stderr).toBe(1);
    expect(whole.exitCode).toBe(1);
    expect(checksOf(a)).toEqual(checksOf(b));
    expect(a.summary).toEqual(b.summary);
    expect(a.summary.failed).toBe(4);
    const rows = (r: RunReport) => clauseRows(r).sort((x, y) => x.clause.localeCompare(y.clause));
    expect(rows(a)).toEqual(rows(b));
    expect(a.uncovered).toEqual(b.uncovered);
    expect(a.uncovered.length).toBeGreaterThan(0);
    expect(a.target).toEqual(b.target);
    expect([a.seed, a.strict, a.shard]).toEqual([b.seed, b.strict, undefined]);
  });

  test('the merge prints the clause table and writes the other formats', () => {
    expect(merged.stdout).toContain('Clauses no check covers');
    // The generated checks are off: the MUST clauses they judge go unjudged, and the merge says so as the run does.
    expect(merged.stdout).toMatch(/^\d+ passed, 4 failed, \d+ skipped, 4 MUST clauses not judged$/m);
    expect(merged.report!.unjudged).toEqual(whole.report!.unjudged);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(/^## conform: ❌ FAIL/);
  });

  test('a merge refuses a folder that lacks a shard, mixes runs, or holds none', async () => {
    const partial = join(dir, 'partial');
    cpSync(blobs, partial, { recursive: true });
    rmSync(join(partial, 'conform-2-3.json'));
    const missing = await runConform(['report', 'merge', partial]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('lacks shard 2/3: a merge needs every shard of the run');

    const record = JSON.parse(readFileSync(join(blobs, 'conform-2-3.json'), 'utf8')) as { seed: number };
    writeFileSync(join(partial, 'conform-2-3.json'), JSON.stringify({ ...record, seed: 8 }));
    const mixed = await runConform(['report', 'merge', partial]);
    expect(mixed.exitCode).toBe(2);
    expect(mixed.stderr).toContain('holds shards of different runs');

    const none = await runConform(['report', 'merge', join(dir, 'no-such-folder')]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/conform: cannot read .*no-such-folder: ENOENT/);
    expect(none.stderr + mixed.stderr + missing.stderr).not.toMatch(/\n\s+at /);
  });
});

test('--help says what report merge and run --shard, --report blob and markdown do', async () => {
  const [merge, run] = await Promise.all([runConform(['report', 'merge', '--help']), runConform(['run', '--help'])]);
  expect(merge.exitCode).toBe(0);
  expect(merge.stdout).toMatch(/Usage: conform report merge \[options\] <dir>/);
  expect(merge.stdout).toContain('Exit codes: 0 every MUST check passed; 1 a check failed');
  expect(run.exitCode).toBe(0);
  for (const flag of ['--shard <i/n>', '--validator-set <command>', 'markdown', 'blob=DIR']) expect(run.stdout).toContain(flag);
});

test('--shard takes I/N with 1 ≤ I ≤ N', async () => {
  for (const bad of ['0/3', '4/3', 'a/b']) {
    const r = await runConform(['run', 'unit-record', '--shard', bad]);
    expect(r.exitCode, bad).toBe(2);
    expect(r.stderr).toContain('--shard takes I/N');
  }
});
