import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createLoopbackOnlyDial } from './loopbackOnlyDial.ts';
import { startLocalOrigin, type LocalOrigin } from '../testing/localOrigin.ts';
import { createStubResolver } from './stubResolver.ts';
import { BufferBudget } from './core/BufferBudget.ts';
import { DestinationPolicy } from './DestinationPolicy.ts';
import { fetchPage } from './core/fetchPage.ts';
import { networkOriginClient } from './networkOriginClient.ts';
import { OutboundDispatchers } from './OutboundDispatchers.ts';
import { fetchTimedOut } from './core/ServiceError.ts';
import { validateFetchRequest } from './core/validateFetchRequest.ts';

let origin: LocalOrigin;
let rawPort = 0;
const raw = createTcpServer((socket) => {
  socket.once('data', () => socket.end('this is not HTTP\r\n\r\n'));
});
const wall = createLoopbackOnlyDial();
let dispatchers: OutboundDispatchers;
let policy: DestinationPolicy;

beforeAll(async () => {
  origin = await startLocalOrigin((req, res) => {
    const url = new URL(req.url ?? '/', 'http://o');
    const status = Number(url.searchParams.get('status') ?? 302);
    switch (url.pathname) {
      case '/redirect':
        res.writeHead(status, { location: url.searchParams.get('to') ?? '/final' });
        return void res.end();
      case '/utf8-location':
        // Location bytes as UTF-8, as servers send them; Node would refuse a non-latin1 string here.
        res.writeHead(302, { location: Buffer.from('/final?q=é').toString('latin1') });
        return void res.end();
      case '/reset':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
        res.write('partial');
        return void setTimeout(() => res.destroy(), 10);
      case '/bad-gzip':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        return void res.end('not gzip');
      default:
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`final ${req.method} ${req.url}`);
    }
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  rawPort = (raw.address() as AddressInfo).port;
  policy = new DestinationPolicy([`127.0.0.1:${origin.port}`, `127.0.0.1:${rawPort}`, '127.0.0.1:1'], createStubResolver().resolve);
  dispatchers = new OutboundDispatchers({ policy, dial: wall.dial, timeoutMs: 2_000 });
});

afterEach(() => wall.assertNoViolations());
afterAll(async () => {
  await dispatchers.close();
  await origin.close();
  raw.close();
});

const limits = { maxBytes: 1_000_000, maxRedirects: 5, timeoutMs: 2_000 };
const context = () => ({ origins: networkOriginClient(dispatchers, policy), limits, reservation: new BufferBudget(1e9).open(), deadline: performance.now() + limits.timeoutMs });
const get = (url: string, allowRedirects = true) => fetchPage(validateFetchRequest({ url, allowRedirects }), context(), new AbortController().signal);

describe('redirects', () => {
  test.each([301, 302, 303, 307, 308])('%i is followed, with GET', async (status) => {
    const page = await get(`${origin.url}/redirect?status=${status}`);
    expect(page).toMatchObject({ statusCode: 200, content: 'final GET /final', redirects: 1 });
  });

  test.each([300, 304])('%i is not a redirect to follow', async (status) => {
    expect((await get(`${origin.url}/redirect?status=${status}`)).statusCode).toBe(status);
  });

  test('a relative location resolves against the current URL and the fragment is dropped', async () => {
    const page = await get(`${origin.url}/redirect?to=${encodeURIComponent('../final?x=1#frag')}`);
    expect(page.content).toBe('final GET /final?x=1');
  });

  test('a Location in UTF-8 is read as UTF-8', async () => {
    expect((await get(`${origin.url}/utf8-location`)).content).toBe('final GET /final?q=%C3%A9');
  });

  test('an unparseable location is a 502', async () => {
    await expect(get(`${origin.url}/redirect?to=${encodeURIComponent('http://[bad')}`)).rejects.toMatchObject({ status: 502 });
  });
});

describe('upstream failures are 502 with a fixed message', () => {
  test.each([
    ['connection refused', () => 'http://127.0.0.1:1/'],
    ['an answer that is not HTTP', () => `http://127.0.0.1:${rawPort}/`],
    ['a body cut short', () => `${origin.url}/reset`],
    ['a body that does not decompress', () => `${origin.url}/bad-gzip`],
  ])('%s', async (_name, url) => {
    await expect(get(url())).rejects.toMatchObject({ status: 502, code: 'upstream' });
  });
});

describe('the signal', () => {
  const withSignal = (signal: AbortSignal) => fetchPage(validateFetchRequest({ url: `${origin.url}/` }), context(), signal);

  test('aborted with a ServiceError, the fetch rejects with that error (the deadline, a disconnect)', async () => {
    const reason = fetchTimedOut(1_000);
    await expect(withSignal(AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  test('aborted with anything else, the fetch is an upstream failure', async () => {
    await expect(withSignal(AbortSignal.abort(new Error('other')))).rejects.toMatchObject({ status: 502 });
  });
});
