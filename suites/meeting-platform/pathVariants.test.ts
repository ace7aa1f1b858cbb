// Every rule on every path: for each path of the clause × path matrix the hand-written checks now walk, a
// platform broken there only must fail exactly the clauses its fault breaks with `--fuzz-runs 0` (a SHOULD
// clause alone: a warning), and block nothing. The variants that share their run's options are judged
// side by side in one `conform run` (a target each), as a team runs its deployments.
import { describe, expect, test } from 'vitest';
import { pathMismatches } from '../../src/testing/brokenPaths.ts';
import type { TargetsRun } from '../../src/testing/runTargets.ts';
import { pathVariants } from './fixtures/pathVariants.ts';
import type { BrokenVariant } from './fixtures/brokenVariants.ts';
import { blockedClauses, expectedExitCode, failedClauses, runVariantsSideBySide } from './fixtures/variantRuns.ts';

const optionsOf = (v: BrokenVariant): string => `${v.grep ?? ''} ${v.fuzzRuns ?? 0}`;
const runs = new Map<string, Promise<TargetsRun>>();

/** The run that judges the variant, with every variant of the same options: started by the first test that needs it. */
function runOf(variant: BrokenVariant): Promise<TargetsRun> {
  const key = optionsOf(variant);
  let run = runs.get(key);
  if (!run) runs.set(key, (run = runVariantsSideBySide(pathVariants.filter((v) => optionsOf(v) === key))));
  return run;
}

describe('the meeting-platform suite, a path at a time', () => {
  test.for(pathVariants)('fails $breaks against $name ($fault)', { timeout: 300_000 }, async (variant) => {
    const run = await runOf(variant);
    expect(run.report, run.stderr).toBeDefined();
    const checks = run.checksOf(variant.name);
    const story = () => `${variant.name} (${variant.fault})\n${run.stdout.slice(-4000)}`;
    expect(checks.length, story()).toBeGreaterThan(0);
    expect(failedClauses(checks), `the suite must fail exactly the clauses the fault breaks: ${story()}`).toEqual([...variant.breaks].sort());
    expect(pathMismatches(checks, variant), `the paths it declares are where it failed: ${story()}`).toEqual([]);
    expect(blockedClauses(checks), `the fault keeps no check from running: ${story()}`).toEqual({});
    // A fault in SHOULD clauses alone is a warning: it fails no MUST check (the run's exit code is the
    // whole matrix's; the test below holds the exit codes of a run of such faults alone).
    if (expectedExitCode(variant) === 0) expect(checks.filter((c) => c.status === 'failed' && c.level === 'MUST')).toEqual([]);
    // The run fails when any variant it judged breaks a MUST clause.
    expect(run.exitCode).toBe(pathVariants.some((v) => optionsOf(v) === optionsOf(variant) && expectedExitCode(v) === 1) ? 1 : 0);
  });
});

test('faults in SHOULD clauses alone, side by side: warnings and exit 0; under --strict they fail the run, exit 1', { timeout: 300_000 }, async () => {
  // A variant for each SHOULD clause the matrix breaks alone (the tests above judge every variant): two
  // more runs of all fourteen took this file 59 CPU-s where these take 54, and the exit codes turn on
  // the clauses' level, not the path.
  const shouldOnly = [...new Map(pathVariants.filter((v) => expectedExitCode(v) === 0 && !v.grep && !v.fuzzRuns).map((v) => [v.breaks.join(' '), v])).values()];
  expect(shouldOnly.length).toBeGreaterThan(1);
  const [plain, strict] = await Promise.all([runVariantsSideBySide(shouldOnly), runVariantsSideBySide(shouldOnly, ['--strict'])]);
  const faults = shouldOnly.reduce((n, v) => n + v.breaks.length, 0);
  expect(plain.exitCode, plain.stdout.slice(-3000)).toBe(0);
  expect(plain.report!.summary).toMatchObject({ failed: 0 });
  expect(plain.report!.summary.warnings).toBeGreaterThanOrEqual(faults);
  expect(strict.exitCode, strict.stdout.slice(-3000)).toBe(1);
  expect(strict.report!.summary).toMatchObject({ failed: plain.report!.summary.warnings, warnings: 0 });
});
