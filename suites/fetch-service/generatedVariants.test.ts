// The generated checks must find what no hand-written probe sends: each variant crashes or answers
// wrongly only on particular generated inputs, and must fail its one generated clause within the
// default budget, shrunk, with a reproduction naming $SVC_API_KEY; the reference and the mock pass.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFetchServiceMock } from '../../mocks/fetch-service/startFetchServiceMock.ts';
import type { OriginFarm } from '../../mocks/origin/startOriginFarm.ts';
import { describeFailure } from '../../src/harness/suite-api/describeFailure.ts';
import { generatedClauses } from '../../src/harness/suite-api/GeneratedClause.ts';
import { FuzzSession, type FuzzOutcome } from '../../src/harness/suite-api/FuzzSession.ts';
import { embeddedLimits, startWarmFarm } from '../../src/harness/targets/startFetchServiceTargets.ts';
import { defaultFuzzRuns, type FetchServiceTarget } from '../../src/harness/suite-api/targets.ts';
import { runConform } from '../../src/testing/runConform.ts';
import { fetchFuzzBinding } from './fetchFuzzBinding.ts';
import { fuzzClauses } from './fuzzChecks.ts';
import { suiteTarget } from './SuiteTarget.ts';
import { generatedVariants } from './fixtures/generatedVariants.ts';
import { startBrokenService, variantTimeoutSeconds } from './fixtures/startBrokenService.ts';
import { defaultLimits } from '../../src/exchange/exchangeLimits.ts';

const apiKey = `conform-generated-${randomBytes(12).toString('hex')}`;
const seed = 7;
let farm: OriginFarm;
beforeAll(async () => {
  farm = await startWarmFarm();
});
afterAll(() => farm?.close());

function target(baseUrl: string): FetchServiceTarget {
  return { label: baseUrl, baseUrl, apiKeyVar: 'SVC_API_KEY', apiKey, originUrl: farm.httpUrl, fetchTimeoutSeconds: variantTimeoutSeconds, embedded: false, limits: defaultLimits };
}

/** Every generated clause against a service at `baseUrl`, at the default budget. */
async function generatedOutcomes(baseUrl: string): Promise<{ fuzz: FuzzSession; outcomes: FuzzOutcome[] }> {
  const fuzz = new FuzzSession(fetchFuzzBinding(await suiteTarget(target(baseUrl), defaultLimits), fuzzClauses), { seed, runs: defaultFuzzRuns });
  const outcomes: FuzzOutcome[] = [];
  for (const clause of generatedClauses) outcomes.push(await fuzz.check('fetchPage', clause));
  return { fuzz, outcomes };
}

const failed = (outcomes: FuzzOutcome[]) => outcomes.filter((o) => o.failure).map((o) => o.clause);

describe.concurrent('the generated fetch-service checks', () => {
  test('pass against the reference and the mock', async () => {
    const reference = await startBrokenService(farm, apiKey, {});
    const mock = await startFetchServiceMock({ apiKeys: [apiKey], farm, limits: { ...embeddedLimits, timeoutMs: variantTimeoutSeconds * 1000, maxConcurrency: 4 } });
    try {
      for (const url of [reference.url, mock.url]) {
        const { fuzz, outcomes } = await generatedOutcomes(url);
        expect(outcomes.flatMap((o) => (o.failure ? [describeFailure(fuzz, o.failure).message] : []))).toEqual([]);
        expect(outcomes.map((o) => o.tried)).toEqual([2 * defaultFuzzRuns, defaultFuzzRuns, defaultFuzzRuns]);
      }
    } finally {
      await Promise.all([reference.close(), mock.close()]);
    }
  }, 120_000);

  test.for(generatedVariants)('$name: fails $breaks and no other, shrunk, with a reproduction', { timeout: 120_000 }, async (variant) => {
    const service = await startBrokenService(farm, apiKey, { transform: () => variant.transform });
    try {
      const { fuzz, outcomes } = await generatedOutcomes(service.url);
      expect(failed(outcomes)).toEqual(variant.breaks);
      const failure = outcomes.find((o) => o.failure)!.failure!;
      const report = describeFailure(fuzz, failure);
      expect(report.message).toContain(`seed ${seed} (fast-check seed`);
      expect(report.message).toMatch(/shrunk \d+ time/);
      expect(report.reproduction).toMatch(/^curl .* -X POST '.*\/v1\/fetch/);
      expect(report.reproduction).toContain('"X-SVC-API-Key: $SVC_API_KEY"');
      expect(JSON.stringify(report)).not.toContain(apiKey);
      if (failure.clause === 'FS-FUZZ-NEGATIVE') expect(report.message).toMatch(/mutation "[^"]+" at \/\S+: .+ \((must be refused|fate left open)/);
    } finally {
      await service.close();
    }
  });

  test('through the CLI: the report shows the minimal request, the seed and a curl reproduction', async () => {
    const service = await startBrokenService(farm, apiKey, { transform: () => generatedVariants[0]!.transform });
    try {
      const r = await runConform(['run', 'fetch-service', '--base-url', service.url, '--origin-url', farm.httpUrl, '--fetch-timeout', String(variantTimeoutSeconds), '--grep', 'FS-FUZZ'], { SVC_API_KEY: apiKey });
      expect(r.exitCode, r.stdout + r.stderr).toBe(1);
      const failures = r.report!.checks.filter((c) => c.status === 'failed');
      expect(failures.map((c) => c.clause)).toEqual(['FS-FUZZ-NO-5XX']);
      // One sentence with counts leads; the shrunk request is the finding's one case.
      expect(failures[0]!.message).toMatch(/^1 of \d+ generated requests for fetchPage got a 5xx answer$/);
      expect(failures[0]!.finding!.groups[0]!.examples[0]!.problem).toContain('answered 500');
      expect(failures[0]!.evidence?.map((e) => e.label)).toEqual(['generated', 'minimal request', 'answer', 'how it was found']);
      expect(failures[0]!.reproduction).toMatch(/^curl /);
      expect(r.stdout).toContain('--grep \'FS-FUZZ-NO-5XX\'');
      expect(r.stdout + JSON.stringify(r.report)).not.toContain(apiKey);
    } finally {
      await service.close();
    }
  }, 120_000);
});
