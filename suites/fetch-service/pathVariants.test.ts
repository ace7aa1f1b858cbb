// Every rule on every path: for each path of the clause × path matrix a variant bends alone
// (fixtures/pathVariants.ts), the real CLI run against it must fail exactly the clauses that fault breaks
// (a SHOULD clause alone: a warning, exit 0), and the checks that failed must be ones judging the paths it
// declares (pathMismatches). variantPaths.test.ts holds which paths have such a variant.
//
// The variants that share their run's options (fixtures/variantBatches.ts) are judged side by side, a
// target each, at most `batchSize` to a `conform run`: a run each took about six minutes on a quiet 2-core
// machine and nine beside two busy processes, most of it the start of a CLI, a vitest and its workers for
// each of 143 variants. Side by side, not one target at a time: a whole run's time is its timeout probes
// waiting out the fetch timeout (which grows with the machine's load), and side by side they wait together.
import { afterAll, describe, expect, test, vi } from 'vitest';
import { findClause } from '../../src/catalogue/catalogue.ts';
import { exitCodeOf } from '../../src/verdict/runVerdict.ts';
import { findSecret, secretForms } from '../../src/exchange/secretForms.ts';
import { pathMismatches } from '../../src/testing/brokenPaths.ts';
import type { BrokenVariant } from './fixtures/brokenVariants.ts';
import { pathVariants } from './fixtures/pathVariants.ts';
import { runVariantBatch } from './fixtures/runVariantBatch.ts';
import { variantBatches, type VariantBatch } from './fixtures/variantBatches.ts';

const batchSize = 12;
/** Batch runs at once: each is a CLI, a vitest and its workers, and the processes hosting its services. */
const runsAtOnce = 3;
/**
 * Variants to a host process in a batch judged by every check. Nine whole runs' services in one process,
 * beside other work on the machine, once kept a page the farm serves at once from the service past a 24 s
 * fetch timeout (504s failing FS-REDIRECT-FOLLOW and FS-TLS-VERIFIED): the farm streams 1 GiB bodies to
 * each service's size probes and every service's crowd of slow fetches through that one process's loop.
 * The batches of one clause's checks are light: one host each.
 */
const wholeRunsPerHost = 3;

// The batches judged by every check first: they take longest, the few-check batches fill in around them.
const batches = variantBatches(pathVariants, batchSize).sort((a, b) => Number(a.grep !== undefined) - Number(b.grep !== undefined));

// Every test at once: each waits on its batch's run, and `runsAtOnce` bounds the runs themselves.
vi.setConfig({ maxConcurrency: pathVariants.length });

const stop = new AbortController();
afterAll(() => stop.abort());

const runs = new Map<VariantBatch, ReturnType<typeof runVariantBatch>>();
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

/** The batch's run, started by the first of its tests (in the order they are declared) and shared by the rest. */
function runOf(batch: VariantBatch): ReturnType<typeof runVariantBatch> {
  let run = runs.get(batch);
  const options = { signal: stop.signal, ...(batch.grep === undefined ? { perHost: wholeRunsPerHost } : {}) };
  if (!run) runs.set(batch, (run = turn().then(() => runVariantBatch(batch, options).finally(done))));
  return run;
}

/** A MUST clause broken fails the target; a SHOULD clause broken alone is a warning (without --strict). */
const expectedExitCode = (variant: Pick<BrokenVariant, 'breaks'>): 0 | 1 => (variant.breaks.some((id) => findClause('fetch-service', id)?.level === 'MUST') ? 1 : 0);

describe.concurrent('the fetch-service suite, a path at a time', () => {
  batches.forEach((batch, i) => {
    describe(`batch ${i + 1} of ${batches.length}, ${batch.grep === undefined ? 'every check' : `--grep '${batch.grep}'`}`, () => {
      // Titles written out, not test.for's $name: vitest cuts a value it formats at 40 characters, and
      // --testNamePattern is matched against the title.
      for (const variant of batch.variants) {
        test(`${variant.name}: fails ${variant.breaks.join(', ')} on the paths it declares, and nothing else`, { timeout: 600_000 }, async () => {
          const r = await runOf(batch);
          const checks = r.checksOf(variant.name);
          // The target's own failures, whole: the run's output ends with the other targets' too.
          const failures = checks.filter((c) => c.status === 'failed').map((c) => JSON.stringify({ id: c.id, message: c.message, finding: c.finding, evidence: c.evidence }).slice(0, 3000));
          const story = `${variant.name}\n${failures.join('\n')}\n${r.stdout.slice(-2000)}${r.stderr}`;
          expect(r.report, story).toBeDefined();
          expect(checks.length, story).toBeGreaterThan(0);
          expect([...new Set(checks.filter((c) => c.status === 'failed').map((c) => c.clause))].sort(), story).toEqual([...variant.breaks].sort());
          expect(pathMismatches(checks, variant), story).toEqual([]);
          // The verdict of a run of its own, from its checks alone; the batch's run fails when any target fails.
          expect(exitCodeOf({ ...r.report!, checks }), story).toBe(expectedExitCode(variant));
          expect(r.exitCode).toBe(Math.max(...batch.variants.map(expectedExitCode)));
          for (const key of r.apiKeys) expect(findSecret(r.stdout, secretForms(key))).toBeUndefined();
          // Caught for the reason it was built for: the probes that showed the fault named, the ones that did not left out.
          const messages = checks.filter((c) => c.status === 'failed').map((c) => JSON.stringify([c.message, c.finding, c.evidence])).join('\n');
          for (const text of variant.failureMentions ?? []) expect(messages, `${variant.name}: its failures should mention ${JSON.stringify(text)}`).toContain(text);
          for (const text of variant.failureOmits ?? []) expect(messages, `${variant.name}: its failures should not mention ${JSON.stringify(text)}`).not.toContain(text);
        });
      }
    });
  });
});
