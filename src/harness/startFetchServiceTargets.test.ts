import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OriginFarm } from '../../mocks/origin/startOriginFarm.ts';
import { embeddedLimits, startEmbeddedReference, startFetchServiceTargets, startWarmFarm } from './startFetchServiceTargets.ts';
import type { FetchServiceTarget } from './targets.ts';

const post = (baseUrl: string, key: string, url: string) =>
  fetch(`${baseUrl}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': key }, body: JSON.stringify({ url }) });

describe('startFetchServiceTargets', () => {
  test('without a base URL: the reference and the mock on loopback, one generated key, the low limits', async () => {
    const started = await startFetchServiceTargets({});
    try {
      const targets = started.targets as FetchServiceTarget[];
      expect(targets.map((t) => t.label)).toEqual(['reference (embedded)', 'mock (embedded)']);
      for (const t of targets) {
        expect(t).toMatchObject({ embedded: true, fetchTimeoutSeconds: embeddedLimits.timeoutMs / 1000, apiKey: targets[0]!.apiKey });
        expect(new URL(t.baseUrl).hostname).toBe('127.0.0.1');
        const reply = await post(t.baseUrl, t.apiKey!, `${t.originUrl}/small`);
        expect(reply.status, t.label).toBe(200);
        // Loopback other than the farm is refused by both.
        expect((await post(t.baseUrl, t.apiKey!, 'http://127.0.0.2:9/')).status, t.label).toBe(403);
      }
    } finally {
      await started.close();
    }
  });

  test('with a base URL: that deployment, its key left to $SVC_API_KEY, the timeout from the environment', async () => {
    const env = { CONFORM_FETCH_BASE_URL: 'http://127.0.0.1:9', CONFORM_ORIGIN_URL: 'http://127.0.0.1:10', CONFORM_FETCH_TIMEOUT: '5', SVC_API_KEY: 'user-key-0123' };
    const started = await startFetchServiceTargets(env);
    expect(started.targets).toEqual([
      { label: 'fetch service at http://127.0.0.1:9', baseUrl: 'http://127.0.0.1:9', apiKeyVar: 'SVC_API_KEY', originUrl: 'http://127.0.0.1:10', fetchTimeoutSeconds: 5, embedded: false },
    ]);
    await started.close();
    await expect(startFetchServiceTargets({ ...env, SVC_API_KEY: '' })).rejects.toThrow(/SVC_API_KEY/);
    await expect(startFetchServiceTargets({ ...env, CONFORM_FETCH_TIMEOUT: 'soon' })).rejects.toThrow(/CONFORM_FETCH_TIMEOUT/);
  });
});

describe('startEmbeddedReference', () => {
  let farm: OriginFarm;
  beforeAll(async () => {
    farm = await startWarmFarm();
  });
  afterAll(() => farm?.close());

  test('cannot leave loopback even when configured wrong: an allowlisted public address is not dialled', async () => {
    // 198.51.100.7 is TEST-NET-2 (RFC 5737); allowlisting it makes the reference try, and the wall refuse.
    const reference = await startEmbeddedReference(farm, 'wall-key-0123456789', { allowHosts: ['198.51.100.7'] });
    try {
      const reply = await post(reference.url, 'wall-key-0123456789', 'http://198.51.100.7/');
      expect(reply.status).toBe(502);
    } finally {
      await reference.close();
    }
  });
});
