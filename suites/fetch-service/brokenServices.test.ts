// The fetch-service suite must catch broken services: each variant bends one rule of the seed, and the
// real CLI run against it must fail on exactly that rule's clauses, with evidence and a reproduction that
// names $SVC_API_KEY, never the key (in no form). The unbent reference, run the same way, must pass (and
// the mock: mockAdapters.test.ts).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { OriginFarm } from '../../mocks/origin/startOriginFarm.ts';
import { findClause } from '../../src/catalogue/catalogue.ts';
import { farmAllowHosts } from '../../mocks/origin/farmAllowHosts.ts';
import { startWarmFarm } from '../../src/harness/targets/startFetchServiceTargets.ts';
import { findSecret, secretForms } from '../../src/exchange/secretForms.ts';
import { pathMismatches } from '../../src/testing/brokenPaths.ts';
import type { CheckResult } from '../../src/verdict/RunReport.ts';
import { exitCodeOf } from '../../src/verdict/runVerdict.ts';
import { runConform, type ConformResult } from '../../src/testing/runConform.ts';
import { brokenVariants, type BrokenVariant } from './fixtures/brokenVariants.ts';
import { securityVariants } from './fixtures/securityVariants.ts';
import { startBrokenService, variantTimeoutSeconds } from './fixtures/startBrokenService.ts';
import { parseJson, type Transform } from './fixtures/startRewritingProxy.ts';
import { isObject } from './expectations.ts';
import { runVariantBatch } from './fixtures/runVariantBatch.ts';
import { startVariantHost } from './fixtures/startVariantHost.ts';

// Four runs at a time: each is a CLI, a vitest and a suite whose timeout probes must not starve for CPU.
// The services they judge live in processes of their own, but for the few tests below that start one here.
// Eight at once (every group) failed the reference's checks on pages past its timeout, on a quiet machine.
vi.setConfig({ maxConcurrency: 4 });

const apiKey = `conform-broken-${randomBytes(12).toString('hex')}`;
let farm: OriginFarm;
beforeAll(async () => {
  farm = await startWarmFarm();
});
afterAll(() => farm?.close());

/** Clauses whose rule is about time: the checks time the service, so its variants get a process of their own. */
const timingClauses = new Set(['FS-504', 'FS-TIMEOUT-FIXED', 'FS-429']);

/**
 * `conform run fetch-service` against a service, as a user would run it against a deployment on
 * 127.0.0.1, with the key the run used: the reference bent as `service` says, in this process, beside
 * the runs going at once.
 */
async function runAgainst(service: Pick<BrokenVariant, 'reference' | 'transform'>, signal: AbortSignal, fuzzRuns?: number, fetchTimeout = variantTimeoutSeconds): Promise<ConformResult & { apiKey: string }> {
  const started = await startBrokenService(farm, apiKey, { ...service, reference: { timeoutMs: fetchTimeout * 1000, ...service.reference } });
  try {
    return await runFetchService({ url: started.url, farmUrl: farm.httpUrl, apiKey, fetchTimeout }, signal, fuzzRuns);
  } finally {
    await started.close();
  }
}

async function runFetchService(service: { url: string; farmUrl: string; apiKey: string; fetchTimeout: number }, signal: AbortSignal, fuzzRuns?: number): Promise<ConformResult & { apiKey: string }> {
  const args = ['run', 'fetch-service', '--base-url', service.url, '--origin-url', service.farmUrl, '--fetch-timeout', String(service.fetchTimeout)];
  if (fuzzRuns !== undefined) args.push('--fuzz-runs', String(fuzzRuns));
  return { ...(await runConform(args, { SVC_API_KEY: service.apiKey }, { signal })), apiKey: service.apiKey };
}

function failedClauses(checks: readonly CheckResult[]): string[] {
  return [...new Set(checks.filter((c) => c.status === 'failed').map((c) => c.clause))].sort();
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

/** `items` in `count` runs of nearly equal size, in order. */
function chunks<T>(items: readonly T[], count: number): T[][] {
  return Array.from({ length: count }, (_, i) => items.slice(Math.round((i * items.length) / count), Math.round(((i + 1) * items.length) / count)));
}

/** What each failure of a variant's own checks must show (`r` the run that judged it, `checks` its checks there). */
function expectCaught(variant: BrokenVariant, checks: CheckResult[], r: ConformResult & { apiKey: string }, story: string, keyVariable = 'SVC_API_KEY'): void {
  expect(failedClauses(checks), story).toEqual([...variant.breaks].sort());
  // On the paths it declares (variantPaths.test.ts counts those declarations as the matrix's proof).
  expect(pathMismatches(checks, variant), story).toEqual([]);
  // What the variant leaves unjudgeable is blocked by its control's failure, never passed on refusals alone.
  for (const clause of variant.unjudged ?? []) {
    const of = checks.filter((c) => c.clause === clause);
    expect(of.filter((c) => c.status === 'passed').map((c) => c.id), `${clause} passed on refusals alone: ${story}`).toEqual([]);
    expect(of.some((c) => c.status === 'blocked' && variant.breaks.includes(c.blockedBy ?? '')), `${clause} blocked by the control's clause: ${story}`).toBe(true);
  }
  const failures = checks.filter((c) => c.status === 'failed');
  // Each failure shows the request, the reply and a curl command (a shell pipeline feeding curl for a
  // body too large to quote); the key appears only as its variable, in no form.
  for (const c of failures) {
    expect(c.evidence?.length, c.id).toBeGreaterThan(0);
    // To /v1/fetch, or for the HTTP hygiene checks another method or path of the service.
    // Single-quoted, or double-quoted where $SVC_API_KEY in the query string must expand.
    expect(c.reproduction, c.id).toMatch(/^(\{ .* \} \| )?curl -sS -i -X [A-Z]+ ('http:\/\/127\.0\.0\.1:\d+\/[^']*'|"http:\/\/127\.0\.0\.1:\d+\/[^"]*\$SVC_API_KEY[^"]*")/);
    if (c.clause.startsWith('FS-SEC-')) expect(c.group, c.id).toBe('security');
  }
  expect(findSecret(JSON.stringify(failures), secretForms(r.apiKey))).toBeUndefined();
  // The probes that caught it, named in the failure: a variant is caught for the reason it was built for.
  const messages = failures.map((c) => JSON.stringify([c.message, c.finding, c.evidence])).join('\n');
  // The key's variable as the run named it (a run of variant hosts names one per host: SVC_API_KEY_0, …).
  const named = (text: string) => text.replace(/\bSVC_API_KEY\b/g, keyVariable);
  for (const text of (variant.failureMentions ?? []).map(named)) expect(messages, `${variant.name}: failure message`).toContain(text);
  for (const text of (variant.failureOmits ?? []).map(named)) expect(messages, `${variant.name}: failure message`).not.toContain(text);
}

/** A MUST clause broken fails the run; a SHOULD clause broken alone is a warning: the run still passes (without --strict). */
function expectedExitCode(variant: Pick<BrokenVariant, 'breaks'>): 0 | 1 {
  return variant.breaks.some((id) => findClause('fetch-service', id)?.level === 'MUST') ? 1 : 0;
}

const [timingVariants, sharedVariants] = partition([...brokenVariants, ...securityVariants], (v) => v.breaks.some((id) => timingClauses.has(id)));

/**
 * The variants that time nothing, judged in groups: one `conform run` a group, a target a variant,
 * `--one-target-at-a-time`, so each is judged as a run of its own would judge it (its checks all ended
 * before the next variant's start), without a CLI, a vitest and its worker started for each. Side by side
 * instead (as the path variants' batches run, three services to a host) took 110 s where this takes 156 s
 * on a quiet 2-core machine, but 24 % more CPU, and every check of a dozen targets at once kept the
 * variants' 16-fetch limits full: thousands of 429s, and a target's result clauses failed on them.
 */
const groups = chunks(sharedVariants, 8);

describe.concurrent('the fetch-service suite against broken services', () => {
  test('the reference, as a deployment on loopback, passes every check, the generated ones at the default budget included', async ({ signal }) => {
    // Twice the variants' timeout: this run is the file's heaviest (the default budget of generated
    // requests, its service and farm in this process) and starts with it, so the timeout measured as the
    // file loaded has none of the load the file's runs then add. On a quiet machine (a 6 s timeout) four of
    // its pages once took longer (504s) while the first variant runs started beside it.
    const r = await runAgainst({}, signal, undefined, variantTimeoutSeconds * 2);
    expect(failedClauses(r.report?.checks ?? []), r.stdout + r.stderr).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(r.report?.uncovered ?? []).toEqual([]);
    // Every check that judges refusals has its control: none is left not judged for refusals alone (check.ts refusalsAlone).
    expect(r.report?.unjudged ?? [], r.stdout.slice(-4000)).toEqual([]);
  }, 180_000);

  test.for(groups.map((variants) => ({ variants, names: variants.map((v) => v.name).join('; ') })))('one run, a target each, one at a time: $names: each fails what it breaks and nothing else', { timeout: 600_000 }, async ({ variants }, { signal }) => {
    // Their services hosted by a process of their own, with a farm of its own.
    const r = await runVariantBatch({ grep: undefined, variants }, { oneTargetAtATime: true, signal });
    expect(r.report, r.stdout.slice(-4000) + r.stderr).toBeDefined();
    // One at a time, in the config's order: the targets' first lines come in that order. Not one block
    // each: the console prints a check when its result reaches the command, and beside two busy processes
    // lines of a target's last checks once came among the next target's first.
    const ended = r.stdout.split('\n').flatMap((line) => /^[✓✗⚠≈⊘] .* \[([^\]]+)\] \d+ms$/.exec(line)?.[1] ?? []);
    expect([...new Set(ended)], 'the targets, in the order their checks began to end').toEqual(variants.map((v) => v.name));
    for (const variant of variants) {
      const checks = r.checksOf(variant.name);
      expectCaught(variant, checks, { ...r, apiKey: r.apiKeys[0]! }, `${variant.name}\n${r.stdout.slice(-4000)}${r.stderr}`, 'SVC_API_KEY_0');
      // The verdict of a run of its own, from its checks alone; the group's run fails when any fails.
      expect(exitCodeOf({ ...r.report!, checks }), variant.name).toBe(expectedExitCode(variant));
    }
    expect(r.exitCode).toBe(Math.max(...variants.map(expectedExitCode)));
    expect(findSecret(r.stdout, secretForms(r.apiKeys[0]!))).toBeUndefined();
  });

  test.for(timingVariants)('$name: fails $breaks and nothing else (a run of its own: it bends a timing rule)', { timeout: 180_000 }, async (variant, { signal }) => {
    const host = await startVariantHost([variant.name]);
    let r: ConformResult & { apiKey: string };
    try {
      r = await runFetchService({ ...host, url: host.urls[0]! }, signal, 0);
    } finally {
      await host.close();
    }
    expectCaught(variant, r.report?.checks ?? [], r, r.stdout.slice(-4000) + r.stderr);
    expect(r.exitCode).toBe(expectedExitCode(variant));
    expect(findSecret(r.stdout, secretForms(r.apiKey))).toBeUndefined();
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

  test('a service that fails every fetch whose proxies is omitted (the seed\'s default): the run stops before any check, its answer quoted (FS-PROXIES-OPTION omitted has no path variant for this reason)', async ({ signal }) => {
    const failsWithoutProxies: Transform = (request, forward) => {
      const body = parseJson(request.text);
      if (!isObject(body) || 'proxies' in body) return forward(request);
      const json = { statusCode: 502, error: 'Bad Gateway', message: 'No proxy reachable for this fetch.' };
      return Promise.resolve({ status: 502, headers: { 'content-type': 'application/json' }, text: JSON.stringify(json), json });
    };
    const r = await runAgainst({ transform: () => failsWithoutProxies }, signal, 0);
    expect(r.exitCode, r.stdout.slice(-4000) + r.stderr).toBe(2);
    expect(r.report).toBeUndefined();
    expect(r.stderr).toContain('cannot fetch from the origin farm');
    expect(r.stderr).toContain('(HTTP 502: "No proxy reachable for this fetch.")');
  }, 180_000);

  test('a key the service did not issue: a set-up mistake before any check, not 20 checks blocked by FS-AUTH-KEY', async ({ signal }) => {
    // Once this run failed FS-AUTH-KEY and blocked the rest; a refused key is the user's to fix, so the
    // preflight says so (run.preflight.test.ts holds the line whole). A key refused later, once the
    // preflight passed, still blocks what needs a served request (judge.ts keyRefusal).
    const service = await startBrokenService(farm, apiKey, {});
    let r: ConformResult;
    try {
      const args = ['run', 'fetch-service', '--base-url', service.url, '--origin-url', farm.httpUrl, '--fetch-timeout', String(variantTimeoutSeconds), '--fuzz-runs', '3'];
      r = await runConform(args, { SVC_API_KEY: `${apiKey}-not-issued` }, { signal });
    } finally {
      await service.close();
    }
    expect(r.exitCode, r.stdout.slice(-4000) + r.stderr).toBe(2);
    expect(r.report).toBeUndefined();
    expect(r.stderr).toMatch(/^conform: --base-url \S+ refused the API key given for it: .* answered 401, application\/json \("A valid API key is required in the X-SVC-API-Key header\."\)\. Give a key this deployment issued\.\n$/);
    expect(findSecret(r.stderr, secretForms(apiKey))).toBeUndefined();
  }, 180_000);
});
