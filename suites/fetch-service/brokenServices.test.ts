// The fetch-service suite must catch broken services: each variant bends one rule of the seed, and the
// real CLI run against it must fail on exactly that rule's clauses, with evidence and a reproduction that
// names $SVC_API_KEY, never the key (in no form). The unbent reference, run the same way, must pass (and
// the mock: mockAdapters.test.ts).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { OriginFarm } from '../../mocks/origin/startOriginFarm.ts';
import { findClause } from '../../src/harness/catalogue/catalogue.ts';
import { farmAllowHosts } from '../../mocks/origin/farmAllowHosts.ts';
import { startWarmFarm } from '../../src/harness/targets/startFetchServiceTargets.ts';
import { findSecret, secretForms } from '../../src/exchange/secretForms.ts';
import { pathMismatches } from '../../src/testing/brokenPaths.ts';
import { runConform, type ConformResult } from '../../src/testing/runConform.ts';
import { runTargets, type TargetsRun } from '../../src/testing/runTargets.ts';
import type { TargetConfig } from '../../src/harness/options/config/configSchema.ts';
import type { CheckResult } from '../../src/harness/reports/RunReport.ts';
import { brokenVariants, type BrokenVariant } from './fixtures/brokenVariants.ts';
import { securityVariants } from './fixtures/securityVariants.ts';
import { startBrokenService, variantTimeoutSeconds } from './fixtures/startBrokenService.ts';

const apiKey = `conform-broken-${randomBytes(12).toString('hex')}`;
let farm: OriginFarm;
beforeAll(async () => {
  farm = await startWarmFarm();
});
afterAll(() => farm?.close());

/**
 * `conform run fetch-service` against the variant, as a user would run it against a deployment on
 * 127.0.0.1. The variants here bend the hand-written checks' rules, so they run without generated
 * requests (suites/fetch-service/generatedVariants.test.ts holds the ones the generated checks must find).
 */
async function runAgainst(variant: Pick<BrokenVariant, 'reference' | 'transform'>, signal: AbortSignal, fuzzRuns?: number): Promise<ConformResult> {
  const service = await startBrokenService(farm, apiKey, variant);
  try {
    const args = ['run', 'fetch-service', '--base-url', service.url, '--origin-url', farm.httpUrl, '--fetch-timeout', String(variantTimeoutSeconds)];
    if (fuzzRuns !== undefined) args.push('--fuzz-runs', String(fuzzRuns));
    return await runConform(args, { SVC_API_KEY: apiKey }, { signal });
  } finally {
    await service.close();
  }
}

function failedClauses(checks: readonly CheckResult[]): string[] {
  return [...new Set(checks.filter((c) => c.status === 'failed').map((c) => c.clause))].sort();
}

/**
 * The variants that bend a limit or a deadline, each judged in a run of its own: their probes time what
 * the service does, and a shared run's load would be timed with them.
 */
const timingClauses = new Set(['FS-504', 'FS-429', 'FS-TIMEOUT-FIXED', 'FS-SEC-REQUEST-LIMITS']);
const allVariants = [...brokenVariants, ...securityVariants];
const aloneVariants = allVariants.filter((v) => v.breaks.some((id) => timingClauses.has(id)));
const isMust = (v: BrokenVariant) => v.breaks.some((id) => findClause('fetch-service', id)?.level === 'MUST');

/**
 * The others judged side by side, a dozen targets to a run: one CLI, one vitest and one farm probe for
 * all of them, where a run each cost about three times the CPU. The variants that break SHOULD clauses
 * alone share a run of their own, which must still pass (exit 0): a warning fails no run.
 */
const batchSize = 12;
const sharedVariants = allVariants.filter((v) => !aloneVariants.includes(v));
const batches: BrokenVariant[][] = [sharedVariants.filter((v) => !isMust(v))];
const mustVariants = sharedVariants.filter(isMust);
const batchCount = Math.ceil(mustVariants.length / batchSize);
for (let i = 0; i < batchCount; i++) batches.push(mustVariants.filter((_, j) => j % batchCount === i));

/** One run over `variants` as targets of a config, each named by the variant, a service each. */
async function runSideBySide(variants: readonly BrokenVariant[]): Promise<TargetsRun> {
  const services = await Promise.all(variants.map((v) => startBrokenService(farm, apiKey, v)));
  try {
    const targets = Object.fromEntries(
      variants.map((v, i): [string, TargetConfig] => [v.name, { suite: 'fetch-service', baseUrl: services[i]!.url, originUrl: farm.httpUrl, fetchTimeout: variantTimeoutSeconds }]),
    );
    return await runTargets(targets, { fuzzRuns: 0 }, [], { SVC_API_KEY: apiKey });
  } finally {
    await Promise.all(services.map((s) => s.close()));
  }
}

/** What a variant's checks must show, whether it ran alone or beside others. */
function expectCaught(variant: BrokenVariant, checks: CheckResult[], output: string): void {
  expect(failedClauses(checks), output).toEqual([...variant.breaks].sort());
  // On the paths it declares (variantPaths.test.ts counts those declarations as the matrix's proof).
  expect(pathMismatches(checks, variant)).toEqual([]);
  const failures = checks.filter((c) => c.status === 'failed');
  const text = JSON.stringify(failures);
  // Each failure shows the request, the reply and a curl command (a shell pipeline feeding curl for a
  // body too large to quote); the key appears only as its variable, in no form.
  for (const c of failures) {
    expect(c.evidence?.length, c.id).toBeGreaterThan(0);
    // To /v1/fetch, or for the HTTP hygiene checks another method or path of the service.
    // Single-quoted, or double-quoted where $SVC_API_KEY in the query string must expand.
    expect(c.reproduction, c.id).toMatch(/^(\{ .* \} \| )?curl -sS -i -X [A-Z]+ ('http:\/\/127\.0\.0\.1:\d+\/[^']*'|"http:\/\/127\.0\.0\.1:\d+\/[^"]*\$SVC_API_KEY[^"]*")/);
    if (c.clause.startsWith('FS-SEC-')) expect(c.group, c.id).toBe('security');
  }
  expect(findSecret(text, secretForms(apiKey))).toBeUndefined();
  // The probes that caught it, named in the failure: a variant is caught for the reason it was built for.
  const messages = failures.map((c) => JSON.stringify([c.message, c.finding, c.evidence])).join('\n');
  for (const text of variant.failureMentions ?? []) expect(messages, 'failure message').toContain(text);
  for (const text of variant.failureOmits ?? []) expect(messages, 'failure message').not.toContain(text);
}

test('every variant is judged once: alone, or in one shared run', () => {
  expect([...aloneVariants, ...batches.flat()].map((v) => v.name).sort()).toEqual(allVariants.map((v) => v.name).sort());
  expect(new Set(allVariants.map((v) => v.name)).size).toBe(allVariants.length);
});

// One shared run at a time: each holds a dozen services and their checks at once.
for (const [i, batch] of batches.entries()) {
  describe(`${i === 0 ? 'the variants that break SHOULD clauses only' : `variants judged side by side (run ${i} of ${batches.length - 1})`}`, () => {
    let run: TargetsRun;
    beforeAll(async () => {
      run = await runSideBySide(batch);
    }, 600_000);

    test(`the run ${i === 0 ? 'passes: a broken SHOULD clause is a warning' : 'fails: each variant breaks a MUST clause'}, and its console output names no key`, () => {
      expect(run.report, run.stdout.slice(-4000) + run.stderr).toBeDefined();
      expect(run.exitCode).toBe(i === 0 ? 0 : 1);
      expect(findSecret(run.stdout, secretForms(apiKey))).toBeUndefined();
      expect(new Set(run.report!.checks.map((c) => c.target))).toEqual(new Set(batch.map((v) => v.name)));
    });

    test.for(batch)('$name: fails $breaks and nothing else', (variant) => {
      const checks = run.checksOf(variant.name);
      expectCaught(variant, checks, JSON.stringify(checks.filter((c) => c.status !== 'passed').map((c) => [c.id, c.status, c.message])).slice(0, 4000));
    });
  });
}

describe.concurrent('the fetch-service suite against broken services, one run each', () => {
  // Three runs at a time: each is a CLI, a vitest and a suite whose timeout probes must not starve for CPU.
  vi.setConfig({ maxConcurrency: 3 });

  test('the reference, as a deployment on loopback, passes every check, the generated ones at the default budget included', async ({ signal }) => {
    const r = await runAgainst({}, signal);
    expect(failedClauses(r.report?.checks ?? []), r.stdout + r.stderr).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(r.report?.uncovered ?? []).toEqual([]);
  }, 180_000);

  test.for(aloneVariants)('$name: fails $breaks and nothing else (alone: it bends a limit or a deadline)', { timeout: 180_000 }, async (variant, { signal }) => {
    const r = await runAgainst(variant, signal, 0);
    expectCaught(variant, r.report!.checks, r.stdout.slice(-4000) + r.stderr);
    expect(r.exitCode).toBe(isMust(variant) ? 1 : 0);
    expect(findSecret(r.stdout, secretForms(apiKey))).toBeUndefined();
  });

  test('a deployment whose allowlist leaves out the farm\'s TLS listeners: the run stops before any check, saying the destination was refused, as the answer does, never the key', async ({ signal }) => {
    // Once FS-502-TLS blamed the key for this answer; the preflight now finds it first (the farm proven
    // reachable through the target), and words it from the answer (diagnoseReply.test.ts holds the check's own wording).
    const plain = farmAllowHosts(farm).filter((host) => host === new URL(farm.httpUrl).host);
    const r = await runAgainst({ reference: { allowHosts: plain } }, signal, 0);
    expect(r.exitCode, r.stdout.slice(-4000) + r.stderr).toBe(2);
    expect(r.report).toBeUndefined();
    expect(r.stderr).toMatch(/were refused as a destination \(HTTP 4\d\d: "/);
    expect(r.stderr).not.toMatch(/issued key|FS-AUTH-KEY|key was refused/);
    for (const url of [farm.httpsUrl, farm.expiredTlsUrl, farm.wrongHostTlsUrl]) expect(r.stderr).toContain(new URL(url).host);
  }, 180_000);

  test('a key the service did not issue: FS-AUTH-KEY fails and leads; what needs a served request is blocked by it, not failed', async ({ signal }) => {
    const service = await startBrokenService(farm, apiKey, {});
    let r: ConformResult;
    try {
      const args = ['run', 'fetch-service', '--base-url', service.url, '--origin-url', farm.httpUrl, '--fetch-timeout', String(variantTimeoutSeconds), '--fuzz-runs', '3'];
      r = await runConform(args, { SVC_API_KEY: `${apiKey}-not-issued` }, { signal });
    } finally {
      await service.close();
    }
    const report = r.report!;
    expect(failedClauses(report.checks), r.stdout.slice(-4000) + r.stderr).toEqual(['FS-AUTH-KEY']);
    expect(r.exitCode).toBe(1);
    const blocked = report.checks.filter((c) => c.status === 'blocked');
    expect(blocked.length, r.stdout.slice(-4000)).toBeGreaterThanOrEqual(20);
    for (const c of blocked) {
      expect(c.blockedBy, c.id).toBe('FS-AUTH-KEY');
      // The refusal quoted, as the answer words it: the key, because the answer says so.
      expect(c.message, c.id).toMatch(/^(the issued key was refused \(HTTP 401: "A valid API key is required in the X-SVC-API-Key header\."\) on every request this check sent|every valid generated request was refused for its credentials \(HTTP 401\))$/);
      expect(c.evidence, c.id).toBeUndefined();
    }
    expect(blocked.map((c) => c.clause)).toEqual(expect.arrayContaining(['FS-VERSION-PATH', 'FS-RESULT-SHAPE', 'FS-504', 'FS-FUZZ-POSITIVE']));
    // What can still judge does: refusals of keyless requests, replies that must not echo the key.
    expect(report.checks.find((c) => c.clause === 'FS-AUTH-REQUIRED')?.status).toBe('passed');
    expect(report.checks.find((c) => c.clause === 'FS-FUZZ-NO-5XX')?.status).toBe('passed');
    const lines = r.stdout.split('\n');
    expect(lines[lines.findIndex((l) => l.startsWith('Root causes')) + 1]).toMatch(new RegExp(`^  ✗ FS-AUTH-KEY failed: .*; it blocked ${blocked.length} checks: `));
  }, 180_000);
});
