// The fetch-service mock has two adapters over one route table (node:http, which the embedded target and
// `conform mock` use, and msw): the suite, security checks included, must pass against each, run as against
// a deployment.
import { randomBytes } from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import { startFetchServiceMock } from '../../mocks/fetch-service/startFetchServiceMock.ts';
import { embeddedLimits, embeddedMockOptions, startWarmFarm } from '../../src/harness/targets/startFetchServiceTargets.ts';
import { runConform } from '../../src/testing/runConform.ts';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

test.each(['msw', 'node'] as const)('the fetch-service suite passes against the mock served through %s', async (adapter) => {
  const apiKey = `conform-msw-${randomBytes(12).toString('hex')}`;
  const farm = await startWarmFarm();
  closers.push(farm.close);
  const mock = await startFetchServiceMock({ apiKeys: [apiKey], farm, ...embeddedMockOptions, adapter });
  closers.push(mock.close);
  const args = ['run', 'fetch-service', '--base-url', mock.url, '--origin-url', farm.httpUrl, '--fetch-timeout', String(embeddedLimits.timeoutMs / 1000)];
  const result = await runConform(args, { SVC_API_KEY: apiKey });
  const failed = (result.report?.checks ?? []).filter((c) => c.status === 'failed').map((c) => c.clause);
  expect(failed, result.stdout.slice(-4000) + result.stderr).toEqual([]);
  expect(result.exitCode).toBe(0);
  expect(result.report?.uncovered ?? []).toEqual([]);
}, 180_000);
