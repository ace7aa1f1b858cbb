import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { scaledTimeoutMs } from '../harness/targets/contention.ts';
import { startLocalOrigin, type LocalOrigin } from '../testing/localOrigin.ts';
import { startWalledFetchService, TEST_API_KEY, type WalledFetchService } from '../testing/startWalledFetchService.ts';

// Limits (FS-502-SIZE, FS-504, FS-429) with a 1 MiB cap, a deadline of 1 s (more on a busy machine, where
// reading 1 MiB or a page that takes half the deadline could otherwise outlast it) and 2 fetches per key.
const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = scaledTimeoutMs({ idleMs: 1_000, maxMs: 8_000 });
// Made once: compressing 20 MiB per request would eat into the deadline on a busy machine.
const BOMB = gzipSync(Buffer.alloc(20 * MAX_BYTES));
const SECOND_KEY = 'second-key-fedcba9876543210';

let origin: LocalOrigin;
let svc: WalledFetchService;
const hanging = new Set<ServerResponse>();
/** Bytes the /chunked route had written when each response ended, by size asked. */
const chunkedSent = new Map<number, number>();
const closedEarly: string[] = [];

/** Waits for a condition that a request in flight will make true. */
const until = (condition: () => boolean, what: string) => expect.poll(condition, { message: what, timeout: 5_000 }).toBe(true);

beforeAll(async () => {
  origin = await startLocalOrigin((req, res) => {
    const url = new URL(req.url ?? '/', 'http://origin');
    const size = Number(url.searchParams.get('size') ?? 0);
    switch (url.pathname) {
      case '/declared':
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
        return void res.end(Buffer.alloc(size, 0x61));
      case '/chunked': {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        let sent = 0;
        const pump = () => {
          while (sent < size) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        res.on('close', () => chunkedSent.set(size, sent));
        return pump();
      }
      case '/bomb':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        return void res.end(BOMB);
      case '/slow-headers':
        return void setTimeout(() => res.end('late'), TIMEOUT_MS * 10).unref();
      case '/drip': {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('.'), 50);
        return void res.on('close', () => clearInterval(timer));
      }
      case '/slow-ok':
        return void setTimeout(() => res.end('worth the wait'), TIMEOUT_MS / 2);
      case '/hang':
        hanging.add(res);
        return void res.on('close', () => {
          if (!res.writableFinished) closedEarly.push(url.search);
        });
      case '/declared-held':
        // Headers at once, the body only when the test releases it.
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(size) }).flushHeaders();
        hanging.add(res);
        return void res.on('close', () => hanging.delete(res));
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        return void res.end();
      default:
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('hello');
    }
  });
  svc = await startWalledFetchService({
    allowHosts: [`127.0.0.1:${origin.port}`],
    apiKeys: [TEST_API_KEY, SECOND_KEY],
    maxBytes: MAX_BYTES,
    timeoutMs: TIMEOUT_MS,
    maxConcurrency: 2,
    maxRedirects: 3,
  });
});

afterEach(() => {
  for (const res of hanging) res.end(res.hasHeader('content-length') ? Buffer.alloc(Number(res.getHeader('content-length')), 0x61) : 'released');
  hanging.clear();
  svc.wall.assertNoViolations();
});

afterAll(async () => {
  await svc.close();
  await origin.close();
});

describe('response size (FS-502-SIZE)', () => {
  test('exactly the cap is fetched', async () => {
    const reply = await svc.call({ url: `${origin.url}/declared?size=${MAX_BYTES}` });
    expect(reply.body).toMatchObject({ statusCode: 200, encoding: 'base64' });
  });

  test.each([
    ['a declared length over the cap', '/declared'],
    ['a chunked body that passes the cap', '/chunked'],
  ])('%s gets 502', async (_name, path) => {
    const reply = await svc.call({ url: `${origin.url}${path}?size=${MAX_BYTES + 1}` });
    expect(reply.status).toBe(502);
    expect(reply.body).toEqual({ statusCode: 502, error: 'Bad Gateway', message: expect.stringContaining(`${MAX_BYTES} bytes`) });
  });

  test('a small gzip that inflates past the cap gets 502', async () => {
    const reply = await svc.call({ url: `${origin.url}/bomb` });
    expect(reply.status).toBe(502);
  });

  test('a body far over the cap is cut early, not read to the end', async () => {
    const size = 200 * MAX_BYTES;
    const reply = await svc.call({ url: `${origin.url}/chunked?size=${size}` });
    expect(reply.status).toBe(502);
    await until(() => chunkedSent.has(size), 'the origin to see its response cut');
    // What the origin managed to write: the cap plus what socket buffers took, far from all of it.
    expect(chunkedSent.get(size)).toBeLessThan(20 * MAX_BYTES);
  });
});

describe('memory held across fetches', () => {
  test('a fetch that would take the service past its buffer ceiling is shed with 503 and Retry-After', async () => {
    const small = await startWalledFetchService({ allowHosts: [`127.0.0.1:${origin.port}`], maxBytes: MAX_BYTES, maxBufferedBytes: MAX_BYTES });
    const size = Math.floor(MAX_BYTES * 0.75);
    const first = small.call({ url: `${origin.url}/declared-held?size=${size}` });
    await until(() => small.running.bufferedBytes === size, 'the first fetch to reserve its declared length');
    const second = await small.call({ url: `${origin.url}/declared?size=${size}` });
    expect(second.status).toBe(503);
    expect(second.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: expect.any(String) });
    expect(second.headers['retry-after']).toBe('1');
    for (const res of hanging) res.end(Buffer.alloc(size, 0x61));
    hanging.clear();
    expect((await first).body.statusCode).toBe(200);
    expect((await small.call({ url: `${origin.url}/declared?size=${size}` })).body.statusCode).toBe(200);
    small.wall.assertNoViolations();
    await small.close();
  });
});

describe('fetch timeout (FS-504, FS-TIMEOUT-FIXED)', () => {
  test.each([
    ['headers that never come', '/slow-headers'],
    ['a body that drips forever', '/drip'],
    ['a redirect chain into a hang', '/hang?via=redirect'],
  ])('%s gets 504 at the deadline', async (_name, path) => {
    // The origins here take ten deadlines or forever: only the service's deadline answers within the test's time.
    const reply = await svc.call({ url: `${origin.url}${path}`, allowRedirects: true });
    expect(reply.status).toBe(504);
    expect(reply.body).toEqual({ statusCode: 504, error: 'Gateway Timeout', message: expect.stringContaining(`within ${TIMEOUT_MS / 1000} seconds`) });
  });

  test('a request field asking for another timeout changes nothing', async () => {
    const reply = await svc.call({ url: `${origin.url}/slow-ok`, timeout: 1, timeoutMs: 1 });
    expect(reply.body).toMatchObject({ statusCode: 200, content: 'worth the wait' });
  });
});

describe('redirect limit', () => {
  test('a redirect loop ends in 502 after the hop limit', async () => {
    const reply = await svc.call({ url: `${origin.url}/loop`, allowRedirects: true });
    expect(reply.status).toBe(502);
    expect(reply.body.message).toMatch(/redirected more than 3 times/);
  });
});

describe('concurrent fetches per key (FS-429)', () => {
  test('a third concurrent fetch of one key gets 429 with Retry-After; another key is not affected', async () => {
    const first = svc.call({ url: `${origin.url}/hang?n=1` });
    const second = svc.call({ url: `${origin.url}/hang?n=2` });
    await until(() => hanging.size === 2, 'two fetches in flight');
    const third = await svc.call({ url: `${origin.url}/hello` });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: expect.any(String) });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    const otherKey = await svc.call({ url: `${origin.url}/hello` }, { key: SECOND_KEY });
    expect(otherKey.body.statusCode).toBe(200);
    for (const res of hanging) res.end('released');
    hanging.clear();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await svc.call({ url: `${origin.url}/hello` })).status).toBe(200);
  });

  test('a slot is released when the fetch fails', async () => {
    for (let i = 0; i < 3; i++) expect((await svc.call({ url: `${origin.url}/declared?size=${MAX_BYTES + 1}` })).status).toBe(502);
    expect((await svc.call({ url: `${origin.url}/hello` })).status).toBe(200);
  });

  test('a slot is released, and the fetch stopped, when the caller disconnects', async () => {
    const callers = [new AbortController(), new AbortController()];
    const pending = callers.map((c, i) => svc.call({ url: `${origin.url}/hang?gone=${i}` }, { signal: c.signal }).catch(() => 'aborted'));
    await until(() => hanging.size === 2, 'two fetches in flight');
    for (const c of callers) c.abort();
    expect(await Promise.all(pending)).toEqual(['aborted', 'aborted']);
    await until(() => svc.running.inFlight === 0, 'the service to drop both fetches');
    await until(() => closedEarly.includes('?gone=0') && closedEarly.includes('?gone=1'), 'the origin to see both fetches stop');
    expect((await svc.call({ url: `${origin.url}/hello` })).status).toBe(200);
    expect(svc.log.filter((e) => e.event === 'request' && e.error === 'client_closed')).toHaveLength(2);
  });
});
