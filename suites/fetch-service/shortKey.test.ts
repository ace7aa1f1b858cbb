// A deployment may issue a short key ("k1", as a test deployment might): the key's security clauses judge
// it all the same, where it stands whole (secretSearch.ts), and neither skip nor fail a correct service for
// a key that turns up by chance inside a fetched page.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OriginFarm } from '../../mocks/origin/startOriginFarm.ts';
import { startWarmFarm } from '../../src/harness/targets/startFetchServiceTargets.ts';
import type { TargetConfig } from '../../src/harness/options/config/configSchema.ts';
import { runTargets, type TargetsRun } from '../../src/testing/runTargets.ts';
import { securityVariants } from './fixtures/securityVariants.ts';
import { startBrokenService, variantTimeoutSeconds } from './fixtures/startBrokenService.ts';


const apiKey = 'k1';
const keyClauses = ['FS-SEC-KEY-ECHO', 'FS-SEC-KEY-FORWARD'];
const variants = {
  reference: {},
  forwards: securityVariants.find((v) => v.name === 'forwards the key to the origin, base64-encoded as Basic credentials')!,
  echoes: securityVariants.find((v) => v.name === 'echoes the key in its error messages')!,
};

// The three side by side in one run (a target each), as a team runs its deployments: three CLI runs at
// once beside a busy machine turned pages the farm serves at once into 504s past an 8 s timeout.
let farm: OriginFarm;
let run: TargetsRun;
beforeAll(async () => {
  farm = await startWarmFarm();
  const services = await Promise.all(Object.values(variants).map((v) => startBrokenService(farm, apiKey, v)));
  try {
    const targets = Object.fromEntries(
      Object.keys(variants).map((name, i): [string, TargetConfig] => [name, { suite: 'fetch-service', baseUrl: services[i]!.url, originUrl: farm.httpUrl, fetchTimeout: variantTimeoutSeconds }]),
    );
    run = await runTargets(targets, { fuzzRuns: 0 }, [], { SVC_API_KEY: apiKey });
  } finally {
    await Promise.all(services.map((s) => s.close()));
  }
}, 300_000);
afterAll(() => farm?.close());

const statusOf = (target: string, clause: string) => [...new Set(run.checksOf(target).filter((c) => c.clause === clause).map((c) => c.status))];
const output = () => run.stdout.slice(-4000) + run.stderr;

describe(`the key's security clauses with a key of ${apiKey.length} characters`, () => {
  test('the reference passes, both judged', () => {
    // Passed, or skipped for --fuzz-runs 0 alone.
    const judged = run.checksOf('reference').filter((c) => c.status !== 'passed' && !/^generated checks are off/.test(c.message ?? ''));
    expect(judged.map((c) => `${c.clause} ${c.status}: ${c.message ?? ''}`), output()).toEqual([]);
    for (const clause of keyClauses) expect(statusOf('reference', clause), clause).toEqual(['passed']);
  });

  test.for([
    ['forwards', 'FS-SEC-KEY-FORWARD', 'the API key in header authorization (base64)'],
    ['echoes', 'FS-SEC-KEY-ECHO', 'in its body (named in its text)'],
  ] as const)('%s: fails %s', ([name, clause, mention]) => {
    const checks = run.checksOf(name);
    const failed = [...new Set(checks.filter((c) => c.status === 'failed').map((c) => c.clause))];
    expect(failed, output()).toEqual([clause]);
    expect(JSON.stringify(checks.filter((c) => c.clause === clause))).toContain(mention);
  });

  test('the run fails for the two variants, and says so', () => {
    expect(run.exitCode, output()).toBe(1);
  });
});
