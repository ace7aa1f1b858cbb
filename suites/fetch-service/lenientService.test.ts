// A correct fetch service that is not the reference must pass: one written apart from it, lenient wherever
// the seed leaves room (fixtures/startLenientService.ts). The suite's verdicts are worth only as much as a
// green for such a service: every failure here is a false one, to be fixed in the suite.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OriginFarm } from '../../mocks/origin/startOriginFarm.ts';
import { startWarmFarm } from '../../src/harness/targets/startFetchServiceTargets.ts';
import { expectEveryPathJudged } from '../../src/testing/expectEveryPathJudged.ts';
import { runConform } from '../../src/testing/runConform.ts';
import { startLenientService, type LenientService } from './fixtures/startLenientService.ts';

const apiKey = `conform-lenient-${randomBytes(12).toString('hex')}`;
const timeoutSeconds = 2;
let farm: OriginFarm;
let service: LenientService;
beforeAll(async () => {
  farm = await startWarmFarm();
  service = await startLenientService({ apiKey, farm, timeoutMs: timeoutSeconds * 1000 });
});
afterAll(async () => {
  await service?.close();
  await farm?.close();
});

async function post(body: string, headers: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${service.url}/v1/fetch`, { method: 'POST', body, headers });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('a lenient but correct fetch service, written apart from the reference', () => {
  test('is lenient where the seed leaves room: any Content-Type, unknown fields, 403 for a missing key, its own ids', async () => {
    const request = JSON.stringify({ url: `${farm.httpUrl}/small`, followLinks: 'please' });
    const contentTypes: Array<Record<string, string>> = [{ 'content-type': 'text/plain' }, {}, { 'content-type': 'application/x-www-form-urlencoded' }];
    for (const headers of contentTypes) {
      const r = await post(request, { ...headers, 'x-svc-api-key': apiKey });
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(r.json.id).toMatch(/^lf_/);
    }
    const keyless = await post(request, { 'content-type': 'application/json' });
    expect(keyless).toEqual({ status: 403, json: { statusCode: 403, error: 'Forbidden', message: 'Missing or unknown API key.' } });
  });

  test('passes `conform run fetch-service` with the default generated checks', async () => {
    const args = ['run', 'fetch-service', '--base-url', service.url, '--origin-url', farm.httpUrl, '--fetch-timeout', String(timeoutSeconds)];
    const r = await runConform(args, { SVC_API_KEY: apiKey });
    const failed = (r.report?.checks ?? []).filter((c) => c.status !== 'passed').map((c) => `${c.clause} ${c.status}: ${c.message ?? ''}`);
    expect(failed, r.stdout.slice(-6000) + r.stderr).toEqual([]);
    expect(r.exitCode).toBe(0);
    expectEveryPathJudged(r.report!, 'fetch-service');
    // Its own SSRF guard refused every private destination before the loopback-only wall had to.
    expect(service.wallViolations).toEqual([]);
  }, 240_000);
});

test('a lenient service that decodes binary bodies as UTF-8 (the seed\'s "body text") passes; the lost bytes are a SHOULD warning only', async () => {
  const utf8 = await startLenientService({ apiKey, farm, timeoutMs: timeoutSeconds * 1000, binaryAs: 'utf-8' });
  try {
    const args = ['run', 'fetch-service', '--base-url', utf8.url, '--origin-url', farm.httpUrl, '--fetch-timeout', String(timeoutSeconds), '--fuzz-runs', '0'];
    const r = await runConform(args, { SVC_API_KEY: apiKey });
    const failed = (r.report?.checks ?? []).filter((c) => c.status === 'failed' || c.status === 'blocked').map((c) => `${c.clause} ${c.level} ${c.status}: ${c.message ?? ''}`);
    expect(failed, r.stdout.slice(-6000) + r.stderr).toEqual([expect.stringMatching(/^FS-RESULT-CONTENT-BYTES SHOULD failed: /)]);
    expect(new Set(r.report!.checks.filter((c) => c.clause === 'FS-RESULT-CONTENT').map((c) => c.status))).toEqual(new Set(['passed']));
    expect(r.exitCode).toBe(0);
  } finally {
    await utf8.close();
  }
}, 240_000);
