// Every rule on every path: for each path of the clause × path matrix a variant bends alone
// (fixtures/pathVariants.ts), the real CLI run against it must fail exactly the clauses that fault breaks
// (a SHOULD clause alone: a warning, exit 0), and the checks that failed must be ones judging the paths it
// declares (pathMismatches). variantPaths.test.ts holds which paths have such a variant.
//
// The variants that share their run's options (fixtures/variantBatches.ts) are judged side by side, a
// target each, in batches of at most `batchSize` to a `conform run`: a run each took about six minutes on
// a quiet 2-core machine and nine beside two busy processes, most of it the start of a CLI, a vitest and
// its workers for each of 143 variants.
import { afterAll, describe, expect, test, vi } from 'vitest';
import { findClause } from '../../src/catalogue/catalogue.ts';
import { exitCodeOf } from '../../src/verdict/runVerdict.ts';
import { findSecret, secretForms } from '../../src/exchange/secretForms.ts';
import { pathMismatches } from '../../src/testing/brokenPaths.ts';
import type { TargetsRun } from '../../src/testing/runTargets.ts';
import type { BrokenVariant } from './fixtures/brokenVariants.ts';
import { pathVariants } from './fixtures/pathVariants.ts';
import { runVariantBatch } from './fixtures/runVariantBatch.ts';
import { variantBatches, type VariantBatch } from './fixtures/variantBatches.ts';

const batchSize = 12;
/** Batch runs at once: each is a CLI, a vitest and its workers, and a host of services. */
const runsAtOnce = 3;

const batches = variantBatches(pathVariants, batchSize);
const batchOf = new Map(batches.flatMap((batch) => batch.variants.map((v) => [v.name, batch] as const)));

// Every test at once: each waits on its batch's run, and `runsAtOnce` bounds the runs themselves.
vi.setConfig({ maxConcurrency: pathVariants.length });

const stop = new AbortController();
afterAll(() => stop.abort());

const runs = new Map<VariantBatch, Promise<TargetsRun & { apiKey: string }>>();
const waiting: Array<() => void> = [];
let running = 0;

/** A turn among the runs at once: resolves once fewer than `runsAtOnce` run, and counts this one. */
async function turn(): Promise<void> {
  if (running >= runsAtOnce) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
}

function done(): void {
  running--;
  waiting.shift()?.();
}

/** The run that judges the variant's batch, started by the first of its tests and shared by the rest. */
function runOf(variant: BrokenVariant): Promise<TargetsRun & { apiKey: string }> {
  const batch = batchOf.get(variant.name)!;
  let run = runs.get(batch);
  if (!run) runs.set(batch, (run = turn().then(() => runVariantBatch(batch, { signal: stop.signal }).finally(done))));
  return run;
}

/** A MUST clause broken fails the target; a SHOULD clause broken alone is a warning (without --strict). */
const expectedExitCode = (variant: Pick<BrokenVariant, 'breaks'>): 0 | 1 => (variant.breaks.some((id) => findClause('fetch-service', id)?.level === 'MUST') ? 1 : 0);

describe.concurrent('the fetch-service suite, a path at a time', () => {
  test.for(pathVariants)('$name: fails $breaks on the paths it declares, and nothing else', { timeout: 600_000 }, async (variant) => {
    const r = await runOf(variant);
    const checks = r.report ? r.checksOf(variant.name) : [];
    // What this variant's target failed, each with its message: the batch's console holds every target's.
    const failed = checks.filter((c) => c.status === 'failed').map((c) => `${c.clause} ${c.title}: ${c.message ?? ''}`.slice(0, 1500));
    const story = `${variant.name}\n${failed.join('\n') || r.stdout.slice(-4000)}\n${r.stderr}`;
    expect(r.report, story).toBeDefined();
    expect(checks.length, story).toBeGreaterThan(0);
    expect([...new Set(checks.filter((c) => c.status === 'failed').map((c) => c.clause))].sort(), story).toEqual([...variant.breaks].sort());
    expect(pathMismatches(checks, variant), story).toEqual([]);
    // The verdict of a run of its own, from its checks alone; the batch's run fails when any target fails.
    expect(exitCodeOf({ ...r.report!, checks }), story).toBe(expectedExitCode(variant));
    expect(r.exitCode).toBe(Math.max(...batchOf.get(variant.name)!.variants.map(expectedExitCode)));
    expect(findSecret(r.stdout, secretForms(r.apiKey))).toBeUndefined();
  });
});
