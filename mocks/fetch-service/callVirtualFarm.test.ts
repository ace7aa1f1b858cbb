import { describe, expect, test } from 'vitest';
import { RequestLog } from '../origin/RequestLog.ts';
import { callVirtualFarm } from './callVirtualFarm.ts';
import { virtualFarm } from './virtualFarm.ts';

const target = { farm: virtualFarm, listener: 'http' as const, origin: virtualFarm.httpUrl };
const call = (path: string, options: { maxBytes?: number; deadlineMs?: number } = {}) =>
  callVirtualFarm(target, new URL(path, virtualFarm.httpUrl), { maxBytes: options.maxBytes ?? 1 << 20, deadlineMs: options.deadlineMs ?? 2000, log: new RequestLog() });

describe("callVirtualFarm: the farm's own handler, in memory", () => {
  test('returns status, header lines in order and the exact body', async () => {
    const exchange = await call('/headers/repeated');
    expect(exchange.ok && exchange.rawHeaders.filter(([n]) => n === 'X-Repeat')).toEqual([['X-Repeat', 'one'], ['X-Repeat', 'two']]);
    expect(exchange.ok && exchange.body.toString()).toBe('repeated headers\n');
  });

  test("keeps the farm's 404 and 400 answers", async () => {
    expect(await call('/no/such/route')).toMatchObject({ ok: true, status: 404 });
    expect(await call('/slow/headers?ms=abc')).toMatchObject({ ok: true, status: 400 });
  });

  test('breaks off a body over the cap, whether declared or streamed', async () => {
    expect(await call('/big?bytes=5000', { maxBytes: 4096 })).toEqual({ ok: false, reason: 'too-large' });
    expect(await call('/big?bytes=500000&chunked=1', { maxBytes: 4096 })).toEqual({ ok: false, reason: 'too-large' });
  });

  test('cuts a route at its deadline, which stops the route too', async () => {
    const started = performance.now();
    expect(await call('/slow/drip?ms=20&chunks=1000', { deadlineMs: 100 })).toEqual({ ok: false, reason: 'deadline' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('reports routes that write on the connection itself as a broken connection', async () => {
    for (const path of ['/broken/reset', '/broken/truncated', '/broken/chunked']) expect(await call(path), path).toEqual({ ok: false, reason: 'broken' });
  });

  test('logs the request as the farm would, probe token included', async () => {
    const log = new RequestLog();
    await callVirtualFarm(target, new URL('/small?probe=abc', virtualFarm.httpUrl), { maxBytes: 1 << 20, deadlineMs: 1000, log });
    expect(log.requests('abc')).toMatchObject([{ path: '/small?probe=abc', listener: 'http' }]);
  });
});
