// A deployment may issue a short key ("k1", as a test deployment might): the key's security clauses judge
// it all the same, where it stands whole (secretSearch.ts), and neither skip nor fail a correct service for
// a key that turns up by chance inside a fetched page.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OriginFarm } from '../../mocks/origin/startOriginFarm.ts';
import { startWarmFarm } from '../../src/harness/targets/startFetchServiceTargets.ts';
import { runConform, type ConformResult } from '../../src/testing/runConform.ts';
import type { BrokenVariant } from './fixtures/brokenVariants.ts';
import { securityVariants } from './fixtures/securityVariants.ts';
import { startBrokenService, variantTimeoutSeconds } from './fixtures/startBrokenService.ts';


const apiKey = 'k1';
const keyClauses = ['FS-SEC-KEY-ECHO', 'FS-SEC-KEY-FORWARD'];
let farm: OriginFarm;
beforeAll(async () => {
  farm = await startWarmFarm();
});
afterAll(() => farm?.close());

async function runAgainst(variant: Pick<BrokenVariant, 'reference' | 'transform'>, signal: AbortSignal): Promise<ConformResult> {
  const service = await startBrokenService(farm, apiKey, variant);
  try {
    const args = ['run', 'fetch-service', '--base-url', service.url, '--origin-url', farm.httpUrl, '--fetch-timeout', String(variantTimeoutSeconds), '--fuzz-runs', '0'];
    return await runConform(args, { SVC_API_KEY: apiKey }, { signal });
  } finally {
    await service.close();
  }
}

const statusOf = (r: ConformResult, clause: string) => [...new Set(r.report?.checks.filter((c) => c.clause === clause).map((c) => c.status))];
const byName = (name: string) => securityVariants.find((v) => v.name === name)!;

// One run at a time: three at once beside a busy machine turned pages the farm serves at once into
// 504s past an 8 s timeout (the reference failed FS-RESULT-SHAPE and FS-REDIRECT-DEFAULT).
describe(`the key's security clauses with a key of ${apiKey.length} characters`, () => {
  test('the reference passes, both judged', async ({ signal }) => {
    const r = await runAgainst({}, signal);
    // Passed, or skipped for --fuzz-runs 0 alone.
    const judged = r.report!.checks.filter((c) => c.status !== 'passed' && !/^generated checks are off/.test(c.message ?? ''));
    expect(judged.map((c) => `${c.clause} ${c.status}: ${c.message ?? ''}`), r.stdout.slice(-4000) + r.stderr).toEqual([]);
    for (const clause of keyClauses) expect(statusOf(r, clause), clause).toEqual(['passed']);
    expect(r.exitCode).toBe(0);
  }, 180_000);

  test.for([
    ['forwards the key to the origin, base64-encoded as Basic credentials', 'FS-SEC-KEY-FORWARD', 'the API key in header authorization (base64)'],
    ['echoes the key in its error messages', 'FS-SEC-KEY-ECHO', 'in its body (named in its text)'],
  ] as const)('%s: fails %s', { timeout: 180_000 }, async ([name, clause, mention], { signal }) => {
    const r = await runAgainst(byName(name), signal);
    const failed = [...new Set(r.report!.checks.filter((c) => c.status === 'failed').map((c) => c.clause))];
    expect(failed, r.stdout.slice(-4000) + r.stderr).toEqual([clause]);
    expect(JSON.stringify(r.report!.checks.filter((c) => c.clause === clause))).toContain(mention);
    expect(r.exitCode).toBe(1);
  });
});
