import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockAdapter } from '../MockExchange.ts';
import { startOriginFarm, type OriginFarm } from '../origin/startOriginFarm.ts';
import { startFetchServiceMock, type FetchServiceMockServer } from './startFetchServiceMock.ts';

const key = 'served-mock-key-0123456789';
let farm: OriginFarm;
beforeAll(async () => {
  farm = await startOriginFarm();
});
afterAll(() => farm?.close());

describe.each<MockAdapter>(['node', 'msw'])('startFetchServiceMock over HTTP on loopback, %s adapter', (adapter) => {
  let served: FetchServiceMockServer;
  beforeAll(async () => {
    served = await startFetchServiceMock({ apiKeys: [key], farm, limits: { timeoutMs: 1000, maxConcurrency: 1 }, timeoutHoldMs: 300, adapter });
  });
  afterAll(() => served?.close());

  const post = (body: unknown, signal?: AbortSignal) =>
    fetch(`${served.url}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': key }, body: JSON.stringify(body), signal });

  describe('the mock served', () => {
    test("answers the farm's pages without asking the farm", async () => {
      const response = await post({ url: `${farm.httpUrl}/page/shift_jis?probe=served` });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ encoding: 'shift_jis', contentType: 'text/html' });
      expect(farm.seen('served')).toBe(false);
    });

    test('sends the JSON error body for unknown paths, never an HTML page', async () => {
      const response = await fetch(`${served.url}/nowhere`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    });

    test('refuses a request body past maxRequestBytes as the reference does, however far past', async () => {
      for (const size of [(64 << 10) + 1, 2 << 20]) {
        const response = await fetch(`${served.url}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': key }, body: 'x'.repeat(size) });
        expect(response.status, String(size)).toBe(400);
        expect(await response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The request body must be at most 65536 bytes.' });
      }
    });

    test('frees the slot when the caller hangs up during a slow fetch', async () => {
      const hangUp = new AbortController();
      const slow = post({ url: `${farm.httpUrl}/slow/headers` }, hangUp.signal).catch(() => undefined);
      await expect.poll(() => served.mock.inFlight).toBe(1);
      hangUp.abort();
      await slow;
      await expect.poll(() => served.mock.inFlight).toBe(0);
      expect((await post({ url: `${farm.httpUrl}/small` })).status).toBe(200);
    });

    test('holds a slot while a slow fetch runs: a second one at the same time gets 429', async () => {
      const slow = post({ url: `${farm.httpUrl}/slow/headers` });
      await expect.poll(() => served.mock.inFlight).toBe(1);
      expect((await post({ url: `${farm.httpUrl}/small` })).status).toBe(429);
      expect((await slow).status).toBe(504);
    });
  });
});
