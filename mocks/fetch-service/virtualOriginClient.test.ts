import { text } from 'node:stream/consumers';
import { describe, expect, test } from 'vitest';
import type { HopOptions } from '../../src/fetch-service/core/OriginClient.ts';
import { fetchTimedOut } from '../../src/fetch-service/core/ServiceError.ts';
import { originTable } from '../origin/originTable.ts';
import { RequestLog } from '../origin/RequestLog.ts';
import { virtualFarm } from './virtualFarm.ts';
import { virtualOriginClient } from './virtualOriginClient.ts';

function clientWithLog() {
  const log = new RequestLog();
  const client = virtualOriginClient({ farms: [originTable(virtualFarm, log)], timeoutMs: 60_000, maxBytes: 10 * 1024 * 1024, timeoutHoldMs: 60_000 });
  return { client, log };
}

const hop = (signal = new AbortController().signal, insecure = false): HopOptions => ({ insecure, proxies: false, signal, deadline: performance.now() + 60_000 });

describe('virtualOriginClient: the farm in memory, as a fetch reads an origin', () => {
  test("a farm's header lines in undici's shape: lowercase names, a repeated one's values as an array", async () => {
    const response = await clientWithLog().client.request(new URL(`${virtualFarm.httpUrl}/headers/repeated`), hop());
    expect(response.headers['x-repeat']).toEqual(['one', 'two']);
    expect(await text(response.body)).toBe('repeated headers\n');
  });

  test('the end of the fetch (its deadline, its caller gone) hangs up on a route still waiting, with its reason', async () => {
    const { client, log } = clientWithLog();
    const fetch = new AbortController();
    const pending = client.request(new URL(`${virtualFarm.httpUrl}/slow/headers?ms=600000&probe=held`), hop(fetch.signal));
    await expect.poll(() => log.seen('held')).toBe(true);
    const reason = fetchTimedOut(60_000);
    fetch.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(log.requests('held')[0]!.hungUpAt).toEqual(expect.any(String));
  });

  test('a hop is refused as the reference refuses it, before the farm is asked', async () => {
    const { client, log } = clientWithLog();
    await expect(client.request(new URL(`${virtualFarm.expiredTlsUrl}/small?probe=tls`), hop())).rejects.toMatchObject({ status: 502, code: 'tls' });
    await expect(client.request(new URL('http://127.0.0.1:8080/'), hop())).rejects.toMatchObject({ status: 403 });
    expect(log.seen('tls')).toBe(false);
    expect((await client.request(new URL(`${virtualFarm.expiredTlsUrl}/small`), hop(undefined, true))).statusCode).toBe(200);
  });

  test('the reserved status host and public URLs are answered by the mock itself, as responses', async () => {
    const { client } = clientWithLog();
    const status = await client.request(new URL('https://status.conform.invalid/302'), hop());
    expect([status.statusCode, status.headers.location, await text(status.body)]).toEqual([302, undefined, 'status 302\n']);
    await expect(client.request(new URL('https://status.conform.invalid/429'), hop())).rejects.toMatchObject({ status: 429 });
    const example = await client.request(new URL('https://example.com/'), hop());
    expect(example.headers['x-conform-mock']).toBe('example');
    expect(await text(example.body)).toContain('https://example.com/');
  });
});
