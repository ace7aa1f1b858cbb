import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startOriginFarm, type OriginFarm } from '../origin/startOriginFarm.ts';
import { startFetchServiceMock, type FetchServiceMockServer } from './startFetchServiceMock.ts';

const key = 'served-mock-key-0123456789';
let farm: OriginFarm;
let served: FetchServiceMockServer;

beforeAll(async () => {
  farm = await startOriginFarm();
  served = await startFetchServiceMock({ apiKeys: [key], farm, limits: { timeoutMs: 1000, maxConcurrency: 1 }, timeoutHoldMs: 300 });
});
afterAll(async () => {
  await served?.close();
  await farm?.close();
});

const post = (body: unknown) =>
  fetch(`${served.url}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': key }, body: JSON.stringify(body) });

describe('startFetchServiceMock: the handlers over HTTP on loopback', () => {
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

  test('holds a slot while a slow fetch runs: a second one at the same time gets 429', async () => {
    const slow = post({ url: `${farm.httpUrl}/slow/headers` });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await post({ url: `${farm.httpUrl}/small` })).status).toBe(429);
    expect((await slow).status).toBe(504);
  });
});
