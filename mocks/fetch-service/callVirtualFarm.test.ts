import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { originTable } from '../origin/originTable.ts';
import { RequestLog } from '../origin/RequestLog.ts';
import { callVirtualFarm } from './callVirtualFarm.ts';
import { virtualFarm } from './virtualFarm.ts';

const targetWith = (log = new RequestLog()) => ({ table: originTable(virtualFarm, log), listener: 'http' as const, origin: virtualFarm.httpUrl });
const call = (path: string, hangUp = new AbortController().signal, log?: RequestLog) => callVirtualFarm(targetWith(log), new URL(path, virtualFarm.httpUrl), hangUp);

afterEach(() => {
  vi.useRealTimers();
});

describe("callVirtualFarm: the farm's own route table, in memory", () => {
  test('returns status, header lines in order and the exact body', async () => {
    const response = await call('/headers/repeated');
    expect(response.headers.filter(([n]) => n === 'X-Repeat')).toEqual([['X-Repeat', 'one'], ['X-Repeat', 'two']]);
    expect(await text(response.body)).toBe('repeated headers\n');
  });

  test("keeps the farm's 404 and 400 answers", async () => {
    expect(await call('/no/such/route')).toMatchObject({ status: 404 });
    expect(await call('/slow/headers?ms=abc')).toMatchObject({ status: 400 });
  });

  test('gives a generated body as a stream, which a hang-up destroys', async () => {
    const hangUp = new AbortController();
    const response = await call('/big?bytes=500000&chunked=1', hangUp.signal);
    expect(response.headers.some(([name]) => name === 'Content-Length')).toBe(false);
    const first = (await response.body[Symbol.asyncIterator]().next()).value as Buffer;
    expect(first.length).toBeGreaterThan(0);
    hangUp.abort(new Error('done'));
    expect(response.body.destroyed).toBe(true);
  });

  test('a hang-up while a route waits rejects with its reason and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const hangUp = new AbortController();
    const pending = call('/slow/headers?ms=600000', hangUp.signal);
    await vi.advanceTimersByTimeAsync(599_999);
    expect(vi.getTimerCount()).toBe(1);
    const reason = new Error('deadline');
    hangUp.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('a route that writes on the connection itself is the broken connection a client sees: 502', async () => {
    for (const path of ['/broken/reset', '/broken/truncated', '/broken/chunked']) {
      await expect(call(path), path).rejects.toMatchObject({ status: 502 });
    }
  });

  test('logs the request as the farm would, probe token included', async () => {
    const log = new RequestLog();
    await call('/small?probe=abc', undefined, log);
    expect(log.requests('abc')).toMatchObject([{ path: '/small?probe=abc', listener: 'http', remoteAddress: 'virtual' }]);
  });
});
