// The fetch mock's latency (conform mock fetch-service --latency) is served while the fetch holds its
// concurrency slot, so that --max-concurrency refuses the fetches that come meanwhile, whatever the page;
// a client meets those 429s over real HTTP on loopback and waits them out.
import { afterEach, describe, expect, test } from 'vitest';
import { tooManyRequests } from '../../src/fetch-service/core/ServiceError.ts';
import { manualClock } from '../meeting-platform/clock.ts';
import type { MockAdapter } from '../MockExchange.ts';
import { startFetchServiceMock, type FetchServiceMockServer } from './startFetchServiceMock.ts';

const apiKey = 'latency-test-key-0123456789';
// Pages of the virtual farm, answered in memory: the fetch itself takes no time worth counting. Each
// client asks for a page of its own, so that the judge reads a retry as sent again by that client only.
const page = (n: number) => ({ url: `http://origin.conform.invalid/page/windows-1252?client=${n}` });

let served: FetchServiceMockServer | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

function post(url: string, n: number, signal?: AbortSignal): Promise<Response> {
  return fetch(`${url}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': apiKey }, body: JSON.stringify(page(n)), signal });
}

describe.each<MockAdapter>(['node', 'msw'])('the fetch mock with --latency (%s adapter)', (adapter) => {
  test('a fetch holds its slot through the latency, and lets it go when its caller hangs up', async () => {
    served = await startFetchServiceMock({ apiKeys: [apiKey], limits: { maxConcurrency: 1 }, latencyMs: 600_000, adapter });
    const mock = served.mock;
    const hangUp = new AbortController();
    const slow = post(served.url, 0, hangUp.signal).catch(() => undefined);
    await expect.poll(() => mock.inFlight).toBe(1);
    hangUp.abort();
    await slow;
    // The ten-minute latency ended with its caller: nothing else could have freed the slot.
    await expect.poll(() => mock.inFlight).toBe(0);
  });

  test('--max-concurrency 1 --latency 500: five fetches at once get one 200 and four 429s, which a client waits out', async () => {
    const clock = manualClock();
    served = await startFetchServiceMock({ apiKeys: [apiKey], limits: { maxConcurrency: 1 }, latencyMs: 500, clock, adapter });
    const { url, mock } = served;
    const first = await Promise.all(Array.from({ length: 5 }, (_, n) => post(url, n)));
    expect(first.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429]);
    const expected = tooManyRequests();
    for (const refused of first.filter((r) => r.status === 429)) {
      expect(await refused.json()).toEqual(expected.body());
      expect(refused.headers.get('retry-after')).toBe(expected.headers['retry-after']);
    }
    // The client waits out each Retry-After (on the judge's clock) and for the slot its answer stands for.
    for (const [n, refused] of first.entries()) {
      if (refused.status !== 429) continue;
      clock.advance(Number(refused.headers.get('retry-after')) * 1000);
      await expect.poll(() => mock.inFlight).toBe(0);
      expect((await post(url, n)).status).toBe(200);
    }
    const retryAfter = served.clientReport().checks.find((c) => c.clause === 'FS-CLIENT-RETRY-AFTER')!;
    expect(retryAfter.status, retryAfter.message).toBe('passed');
    expect(retryAfter.finding).toBeUndefined();
  });
});
