import { createServer, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { LogEntry } from './accessLog.ts';
import { FetchService } from './FetchService.ts';
import { startFetchService } from './startFetchService.ts';
import { startLocalOrigin, type LocalOrigin } from '../testing/localOrigin.ts';
import { createLoopbackOnlyDial } from './loopbackOnlyDial.ts';
import { startWalledFetchService, TEST_API_KEY, type WalledFetchService } from '../testing/startWalledFetchService.ts';

let origin: LocalOrigin;
const hanging: ServerResponse[] = [];

beforeEach(async () => {
  origin = await startLocalOrigin((req, res) => {
    if (req.url === '/slow') return void setTimeout(() => res.end('slow but done'), 300);
    if (req.url === '/hang') return void hanging.push(res);
    res.end('ok');
  });
});

afterEach(async () => {
  for (const res of hanging.splice(0)) res.destroy();
  await origin.close();
});

function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('startFetchService', () => {
  test('listens on loopback on a free port by default and logs it', async () => {
    const log: LogEntry[] = [];
    const running = await startFetchService({ apiKeys: ['k-123456'], log: (e) => log.push(e) });
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.port).toBeGreaterThan(0);
    await running.close();
    expect(log.map((e) => e.event)).toEqual(['listening', 'shutting_down', 'closed']);
    expect(JSON.stringify(log)).not.toContain('k-123456');
  });

  test.each([
    ['no key', { apiKeys: [] }],
    ['an empty key', { apiKeys: [''] }],
    ['a timeout over 60 s', { apiKeys: ['k'], timeoutMs: 60_001 }],
    ['a zero size cap', { apiKeys: ['k'], maxBytes: 0 }],
    ['a fractional concurrency', { apiKeys: ['k'], maxConcurrency: 1.5 }],
    ['a malformed allow-host', { apiKeys: ['k'], allowHosts: ['http://x/'] }],
  ])('refuses to start with %s', async (_name, options) => {
    await expect(startFetchService({ ...options, log: () => undefined })).rejects.toThrow();
  });

  test('an unparseable request gets a JSON 400, not a bare status line', async () => {
    const running = await startFetchService({ apiKeys: ['k-123456'], log: () => undefined });
    const answer = await rawExchange(running.port, 'NOT-HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
    await running.close();
  });
});

describe('graceful shutdown', () => {
  let svc: WalledFetchService | undefined;

  afterEach(async () => {
    await svc?.close();
    svc = undefined;
  });

  test('a fetch in flight finishes; new fetches are refused', async () => {
    const { call, running } = (svc = await startWalledFetchService({ allowHosts: [`127.0.0.1:${origin.port}`] }));
    const inFlight = call({ url: `${origin.url}/slow` });
    while (origin.requests.length === 0) await sleep(5);
    const closed = running.close();
    const reply = await inFlight;
    expect(reply.body).toMatchObject({ statusCode: 200, content: 'slow but done' });
    await closed;
    await expect(call({ url: `${origin.url}/slow` })).rejects.toThrow();
  });

  test('a fetch still running at the grace deadline is cut with 503', async () => {
    const { call, running } = (svc = await startWalledFetchService({ allowHosts: [`127.0.0.1:${origin.port}`], shutdownGraceMs: 100 }));
    const inFlight = call({ url: `${origin.url}/hang` });
    while (hanging.length === 0) await sleep(5);
    // The origin hangs forever: only the cut at the grace deadline answers.
    await running.close();
    const reply = await inFlight;
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: expect.any(String) });
  });

  test('a caller still sending its body neither holds up shutdown nor stays in flight', async () => {
    const { running } = (svc = await startWalledFetchService({ shutdownGraceMs: 100 }));
    const socket = connect(running.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.on('error', () => undefined);
    socket.write(`POST /v1/fetch HTTP/1.1\r\nhost: x\r\nx-svc-api-key: ${TEST_API_KEY}\r\ncontent-length: 100\r\n\r\n{"url":`);
    await expect.poll(() => running.inFlight).toBe(1);
    // The caller never sends the rest: close() resolving at all is what shows it did not wait for it.
    await running.close();
    expect(socket.destroyed || (await once(socket, 'close'), true)).toBe(true);
  });

  test('a caller that disconnects mid-body is dropped at once', async () => {
    const { running } = (svc = await startWalledFetchService());
    const socket = connect(running.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(`POST /v1/fetch HTTP/1.1\r\nhost: x\r\nx-svc-api-key: ${TEST_API_KEY}\r\ncontent-length: 100\r\n\r\n{"url":`);
    await expect.poll(() => running.inFlight).toBe(1);
    socket.destroy();
    await expect.poll(() => running.inFlight).toBe(0);
    expect(svc.log.at(-1)).toMatchObject({ event: 'request', error: 'client_closed' });
  });

  test('while shutting down, healthz and new fetches get 503 on connections still open', async () => {
    // The service without startFetchService's server, whose close() stops new connections first.
    const service = new FetchService({ apiKeys: ['k-123456'], allowHosts: [`127.0.0.1:${origin.port}`], log: () => undefined });
    const server = createServer(service.handle).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = createLoopbackOnlyDial().agent();
    const post = (url: string) =>
      client.request({ origin: base, path: '/v1/fetch', method: 'POST', headers: { 'x-svc-api-key': 'k-123456' }, body: JSON.stringify({ url }) });
    const inFlight = post(`${origin.url}/hang`);
    while (hanging.length === 0) await sleep(5);
    const stopped = service.shutdown(5_000);
    const health = await client.request({ origin: base, path: '/healthz', method: 'GET' });
    expect(health.statusCode).toBe(503);
    expect(await health.body.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    const late = await post(`${origin.url}/`);
    expect(late.statusCode).toBe(503);
    expect(late.headers.connection).toBe('close');
    await late.body.dump();
    hanging[0]!.end('done');
    expect((await inFlight).statusCode).toBe(200);
    await stopped;
    await client.close();
    server.closeAllConnections();
    server.close();
  });
});
