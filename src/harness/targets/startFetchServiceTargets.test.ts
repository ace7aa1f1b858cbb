import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OriginFarm } from '../../../mocks/origin/startOriginFarm.ts';
import { embeddedLimits, startEmbeddedReference, startFetchServiceTargets, startWarmFarm } from './startFetchServiceTargets.ts';
import type { ExchangeLimits } from '../../exchange/exchangeLimits.ts';
import { defaultRequestBounds } from '../../exchange/requestBounds.ts';
import type { FetchServiceTarget } from '../suite-api/targets.ts';

const limits: ExchangeLimits = { bounds: defaultRequestBounds };

const post = (baseUrl: string, key: string, url: string) =>
  fetch(`${baseUrl}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': key }, body: JSON.stringify({ url }) });

describe('startFetchServiceTargets', () => {
  test('without a base URL: the reference and the mock on loopback, one generated key, the low limits', async () => {
    const started = await startFetchServiceTargets([], limits);
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

  test('deployments side by side: each with its key, limits and origin farm, one farm started for those naming none', async () => {
    const slow: ExchangeLimits = { bounds: { ...defaultRequestBounds, headersTimeout: 5 }, rateLimit: 2 };
    const started = await startFetchServiceTargets(
      [
        { baseUrl: 'http://127.0.0.1:9', apiKey: 'user-key-0123', originUrl: 'http://127.0.0.1:10', fetchTimeoutSeconds: 5, limits },
        { label: 'staging', baseUrl: 'http://127.0.0.1:11', apiKey: 'other-key-4567', fetchTimeoutSeconds: 60, limits: slow },
      ],
      limits,
    );
    try {
      const [first, second] = started.targets as FetchServiceTarget[];
      expect(first).toEqual({ label: 'fetch service at http://127.0.0.1:9', baseUrl: 'http://127.0.0.1:9', apiKeyVar: 'SVC_API_KEY', apiKey: 'user-key-0123', originUrl: 'http://127.0.0.1:10', fetchTimeoutSeconds: 5, embedded: false, limits });
      expect(second).toMatchObject({ label: 'staging', apiKey: 'other-key-4567', fetchTimeoutSeconds: 60, embedded: false, limits: slow });
      // The farm started for the second answers on loopback.
      expect(new URL(second!.originUrl).hostname).toBe('127.0.0.1');
      expect((await fetch(`${second!.originUrl}/__farm/info`)).status).toBe(200);
    } finally {
      await started.close();
    }
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
