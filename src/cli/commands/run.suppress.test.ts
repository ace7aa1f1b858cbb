// Accepted deviations through the real CLI, against broken fetch services on loopback (the suite's own
// variants, hand-written checks only): `--suppress` accepts a fault so the next run passes, on another
// port and with another seed too; a new fault fails; the fault fixed, `--prune` drops its entry; an entry
// past its date fails. Then `conform report diff` of those runs' reports lists what changed. The runs
// judge the result clauses only (--grep FS-RESULT-), where both faults are: what they show holds for any
// set of checks, and no timing-bound probe (FS-429's crowd, FS-504's slow origin) makes them depend on
// the machine's load.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { OriginFarm } from '../../../mocks/origin/startOriginFarm.ts';
import { brokenVariants, type BrokenVariant } from '../../../suites/fetch-service/fixtures/brokenVariants.ts';
import { startBrokenService, variantTimeoutSeconds } from '../../../suites/fetch-service/fixtures/startBrokenService.ts';
import type { RunReport } from '../../verdict/RunReport.ts';
import { startWarmFarm } from '../../harness/targets/startFetchServiceTargets.ts';
import { placeholderReason, type SuppressionEntry } from '../../verdict/suppressions/SuppressionEntry.ts';
import { runConform, type ConformResult } from '../../testing/runConform.ts';

// Each run is a CLI, a vitest and a suite whose timeout probes must not starve for CPU.
vi.setConfig({ maxConcurrency: 3 });

const apiKey = `conform-suppress-${randomBytes(12).toString('hex')}`;
const root = mkdtempSync(join(tmpdir(), 'conform-suppress-'));
let farm: OriginFarm;

const variant = (name: string): BrokenVariant => {
  const found = brokenVariants.find((v) => v.name === name);
  if (!found) throw new Error(`no broken variant "${name}"`);
  return found;
};
/** FS-RESULT-ID-UNIQUE: one id for every result (two checks fail: repeated fetches, and the results of redirects). */
const sameIds = variant('gives every result the same id');
/** FS-RESULT-STATUS: an origin's error status turned into the service's own 502. */
const ownErrors = variant('turns an origin error status into its own error');
/** Both faults at once: the second variant's proxy in front of the first's. */
const both: Pick<BrokenVariant, 'transform'> = {
  transform: (env) => {
    const [inner, outer] = [sameIds.transform!(env), ownErrors.transform!(env)];
    return (request, forward) => outer(request, (r) => inner(r, forward));
  },
};

/** A folder of its own for a run, holding a copy of `from`'s suppressions file when given. */
function workdir(name: string, from?: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  if (from) copyFileSync(join(root, from, 'conform-suppressions.json'), join(dir, 'conform-suppressions.json'));
  return dir;
}

function runAgainst(service: Pick<BrokenVariant, 'reference' | 'transform'>, cwd: string, extra: string[] = []): Promise<ConformResult> {
  return runAgainstIn(service, cwd, extra, {});
}

/** runAgainst with more variables in the run's environment (CI). */
async function runAgainstIn(service: Pick<BrokenVariant, 'reference' | 'transform'>, cwd: string, extra: string[], env: Record<string, string>): Promise<ConformResult> {
  const started = await startBrokenService(farm, apiKey, service);
  try {
    const args = ['run', 'fetch-service', '--base-url', started.url, '--origin-url', farm.httpUrl, '--fetch-timeout', String(variantTimeoutSeconds), '--fuzz-runs', '0', '--grep', 'FS-RESULT-', ...extra];
    const r = await runConform(args, { SVC_API_KEY: apiKey, ...env }, { cwd });
    if (r.report) writeFileSync(join(cwd, 'report.json'), JSON.stringify(r.report));
    return r;
  } finally {
    await started.close();
  }
}

/** A folder holding the suppressed run's entries with a reason written and a date long past. */
function expiredCopy(name: string): string {
  const dir = workdir(name);
  const entries = entriesIn(join(root, 'suppressed')).map((e) => ({ ...e, reason: 'ids repeat until OPS-7 ships', until: '2000-01-31' }));
  writeFileSync(join(dir, 'conform-suppressions.json'), JSON.stringify({ version: 1, suppressions: entries }));
  return dir;
}

const entriesIn = (dir: string) => (JSON.parse(readFileSync(join(dir, 'conform-suppressions.json'), 'utf8')) as { suppressions: SuppressionEntry[] }).suppressions;
const statusOf = (report: RunReport | undefined, clause: string) => [...new Set(report?.checks.filter((c) => c.clause === clause).map((c) => c.status))];
const failed = (r: ConformResult) => [...new Set(r.report?.checks.filter((c) => c.status === 'failed').map((c) => c.clause))].sort();
const said = (r: ConformResult) => `${JSON.stringify(r.report?.checks.filter((c) => c.status === 'failed').map((c) => [c.clause, c.message, c.evidence?.slice(0, 2)]))}\n${r.stdout.slice(-3000)}${r.stderr}`;

describe('conform run --suppress, --prune and the suppressions file, against broken services', () => {
  let suppressed: ConformResult;
  let clean: ConformResult;
  beforeAll(async () => {
    farm = await startWarmFarm();
    // The same fault before anything accepts it, and with --suppress: the "clean run, then a suppressed one".
    [clean, suppressed] = await Promise.all([runAgainst(sameIds, workdir('clean')), runAgainst(sameIds, workdir('suppressed'), ['--suppress', '--seed', '7'])]);
  }, 180_000);
  afterAll(async () => {
    await farm?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('--suppress writes conform-suppressions.json in the working directory: the failure, keyed, in stable words, with a reason to write; the run passes with it accepted', () => {
    expect(suppressed.exitCode, said(suppressed)).toBe(0);
    expect(entriesIn(join(root, 'suppressed'))).toEqual([
      {
        suite: 'fetch-service',
        target: 'fetch service at http://127.0.0.1:<port>',
        clause: 'FS-RESULT-ID-UNIQUE',
        check: '12 fetches get 12 different ids',
        cause: 'the same id as fetch 1: "fetch-1"',
        fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
        reason: placeholderReason,
      },
      {
        suite: 'fetch-service',
        target: 'fetch service at http://127.0.0.1:<port>',
        clause: 'FS-RESULT-ID-UNIQUE',
        check: 'the results of every kind of redirect (10, most to the same page) have different ids',
        cause: 'the same id as the result of a 301 to an absolute URL on the same origin: "fetch-1"',
        fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
        reason: placeholderReason,
      },
    ]);
    expect(statusOf(suppressed.report, 'FS-RESULT-ID-UNIQUE')).toEqual(['accepted']);
    expect(suppressed.report!.summary).toMatchObject({ failed: 0, accepted: 2 });
    expect(suppressed.stdout).toMatch(/\n\d+ passed, 2 accepted \(conform-suppressions\.json\), 0 failed, \d+ skipped, 2 entries of conform-suppressions\.json without a reason\n/);
    expect(suppressed.stdout).toContain('conform-suppressions.json: --suppress added 2 entries, each with a reason to write (2 entries in all)');
  });

  describe.concurrent('later runs read it', () => {
    test('the same fault on another port with another seed is accepted: exit 0, and the missing reason is a warning line', async () => {
      const r = await runAgainst(sameIds, workdir('again', 'suppressed'), ['--seed', '11']);
      expect(r.exitCode, said(r)).toBe(0);
      expect(statusOf(r.report, 'FS-RESULT-ID-UNIQUE')).toEqual(['accepted']);
      expect(r.report!.checks.find((c) => c.clause === 'FS-RESULT-ID-UNIQUE')!.suppression).toMatchObject({ reason: placeholderReason });
      expect(r.stdout).toContain('conform-suppressions.json: 2 entries have no reason yet: write in "reason" why the failure is accepted');
      expect(r.stdout).toMatch(/\nPASS with 2 accepted in /);
      // The file is read, never rewritten, without --suppress or --prune.
      expect(readFileSync(join(root, 'again', 'conform-suppressions.json'), 'utf8')).toBe(readFileSync(join(root, 'suppressed', 'conform-suppressions.json'), 'utf8'));
    }, 180_000);

    test('conform report merge of a run\'s blob reads the file as the run does', async () => {
      const dir = workdir('merged', 'suppressed');
      const ran = await runAgainst(sameIds, dir, ['--report', 'blob=blobs']);
      expect(ran.exitCode, said(ran)).toBe(0);
      const merged = await runConform(['report', 'merge', 'blobs'], {}, { cwd: dir });
      expect(merged.exitCode, merged.stdout + merged.stderr).toBe(0);
      expect(statusOf(merged.report, 'FS-RESULT-ID-UNIQUE')).toEqual(['accepted']);
      expect(merged.report!.summary).toEqual(ran.report!.summary);
    }, 180_000);

    test('a new fault fails the run; the accepted one stays accepted', async () => {
      const r = await runAgainst(both, workdir('new-fault', 'suppressed'));
      expect(r.exitCode, said(r)).toBe(1);
      expect(failed(r), said(r)).toEqual(['FS-RESULT-STATUS']);
      expect(statusOf(r.report, 'FS-RESULT-ID-UNIQUE')).toEqual(['accepted']);
    }, 180_000);

    test('the fault fixed (the reference): --prune drops its entry, adds none, and rewrites the file', async () => {
      const dir = workdir('fixed', 'suppressed');
      const r = await runAgainst({}, dir, ['--prune']);
      expect(r.exitCode, said(r)).toBe(0);
      expect(entriesIn(dir)).toEqual([]);
      expect(r.stdout).toContain('conform-suppressions.json: --prune dropped 2 entries whose failure is gone');
    }, 180_000);

    test('an entry past its date fails its failure, saying so', async () => {
      const r = await runAgainst(sameIds, expiredCopy('expired'));
      expect(r.exitCode, said(r)).toBe(1);
      expect(failed(r), said(r)).toEqual(['FS-RESULT-ID-UNIQUE']);
      expect(r.report!.checks.find((c) => c.clause === 'FS-RESULT-ID-UNIQUE')!.message).toMatch(/ \(accepted until 2000-01-31, which has passed\)$/);
      expect(r.stdout).toContain('conform-suppressions.json: 2 entries are past their "until" date');
    }, 180_000);

    test('in CI, or with --require-reasons, the entries still without a reason fail the run, counted in the summary line; --no-require-reasons lets it pass', async () => {
      const [ci, flag, off] = await Promise.all([
        runAgainstIn(sameIds, workdir('ci', 'suppressed'), [], { CI: 'true' }),
        runAgainst(sameIds, workdir('required', 'suppressed'), ['--require-reasons']),
        runAgainstIn(sameIds, workdir('not-required', 'suppressed'), ['--no-require-reasons'], { CI: '1' }),
      ]);
      for (const r of [ci, flag]) {
        expect(r.exitCode, said(r)).toBe(1);
        expect(statusOf(r.report, 'FS-RESULT-ID-UNIQUE')).toEqual(['accepted']);
        expect(r.report!.suppressions).toMatchObject({ unexplained: 2, reasonsRequired: true });
        expect(r.stdout).toMatch(/\nFAIL with 2 accepted in [\d.]+s \(seed 7\) — 2 entries of conform-suppressions\.json without a reason \(--require-reasons fails the run on them\)\n/);
        expect(r.stdout).toMatch(/\n\d+ passed, 2 accepted \(conform-suppressions\.json\), 0 failed, \d+ skipped, 2 entries of conform-suppressions\.json without a reason \(--require-reasons fails the run on them\)\n/);
      }
      expect(off.exitCode, said(off)).toBe(0);
      expect(off.stdout).toMatch(/\n\d+ passed, 2 accepted \(conform-suppressions\.json\), 0 failed, \d+ skipped, 2 entries of conform-suppressions\.json without a reason\n/);
    }, 180_000);

    test('an expired entry whose check passes is only stale', async () => {
      const r = await runAgainst({}, expiredCopy('expired-fixed'));
      expect(r.exitCode, said(r)).toBe(0);
      expect(r.stdout).toContain('conform-suppressions.json: 2 entries no longer match a failure of a check that ran: conform run --prune drops them');
    }, 180_000);
  });

  test('conform report diff of the run before --suppress and the suppressed one: newly accepted, never "fixed", and the verdict names the MUST clause', async () => {
    expect(clean.exitCode, said(clean)).toBe(1);
    const r = await runConform(['report', 'diff', join(root, 'clean', 'report.json'), join(root, 'suppressed', 'report.json')]);
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\n {2}Newly accepted \(1\)\n {4}≈ FS-RESULT-ID-UNIQUE \[MUST\] failed → accepted: /);
    expect(r.stdout).not.toContain('Fixed');
    expect(r.stdout).toMatch(/\nPASS: nothing newly fails; 1 MUST clause newly accepted: FS-RESULT-ID-UNIQUE \(failed → accepted\) \(0 fixed, /);
  }, 60_000);

  test('conform report diff of the runs: the new fault newly fails (exit 1), the fixed service fixes it (exit 0)', async () => {
    // The runs of the describe above wrote their reports; this one runs after them.
    for (const name of ['suppressed', 'new-fault', 'fixed']) expect(existsSync(join(root, name, 'report.json')), name).toBe(true);
    const [worse, better] = await Promise.all([
      runConform(['report', 'diff', join(root, 'suppressed', 'report.json'), join(root, 'new-fault', 'report.json')]),
      runConform(['report', 'diff', join(root, 'new-fault', 'report.json'), join(root, 'fixed', 'report.json')]),
    ]);
    expect(worse.exitCode, worse.stdout + worse.stderr).toBe(1);
    expect(worse.stdout).toMatch(/\n {2}Newly failing \(1\)\n {4}✗ FS-RESULT-STATUS \[MUST\] passed → failed: /);
    expect(worse.stdout).not.toMatch(/Fixed|Newly covered|Newly uncovered|Still failing/);
    expect(better.exitCode, better.stdout + better.stderr).toBe(0);
    expect(better.stdout).toMatch(/\n {2}Fixed \(1\)\n {4}✓ FS-RESULT-STATUS \[MUST\] failed → passed/);
    expect(better.stdout).not.toMatch(/Newly failing|Still failing/);
  }, 60_000);
});

describe.concurrent('a suppressions file conform cannot use: one line, exit 2, before any check', () => {
  test.for<[string, (dir: string) => string[], RegExp]>([
    ['not JSON', (dir) => (writeFileSync(join(dir, 'conform-suppressions.json'), '{'), []), /^conform: the suppressions file conform-suppressions\.json is not JSON \(.*\)\n$/],
    [
      'an entry with a date that is none',
      (dir) => (writeFileSync(join(dir, 'mine.json'), JSON.stringify({ version: 1, suppressions: [{ suite: 'unit-record', target: 't', clause: 'UR-ID', check: 'c', cause: 'c', fingerprint: '0123456789abcdef', reason: 'r', until: 'soon' }] })), ['--suppressions', 'mine.json']),
      /^conform: the suppressions file mine\.json entry 1: "until" must be a date YYYY-MM-DD, got "soon"\n$/,
    ],
    ['a named file that is not there', () => ['--suppressions', 'missing.json'], /^conform: --suppressions missing\.json: no such file \(conform run --suppress writes it\)\n$/],
    ['--prune without a file', () => ['--prune'], /^conform: --prune: there is no suppressions file conform-suppressions\.json to prune\n$/],
  ])('%s', async ([name, setUp, message]) => {
    const dir = workdir(`bad-${name.replace(/\W+/g, '-')}`);
    const r = await runConform(['run', 'unit-record', ...setUp(dir)], {}, { cwd: dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});
