import { getResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import type { MockAdapter } from '../MockExchange.ts';
import { farmPages } from '../origin/farmPages.ts';
import { createFetchServiceMock, defaultMockBaseUrl, type FetchServiceMock, type FetchServiceMockOptions } from './createFetchServiceMock.ts';
import { startFetchServiceMock } from './startFetchServiceMock.ts';
import { virtualFarm } from './virtualFarm.ts';
import { TextDecoder } from '../../src/encoding/TextDecoder.ts';

const key = 'mock-test-key-0123456789';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The mock behind one adapter: msw's getResponse in-process, or the route table on node:http over loopback. */
async function served(adapter: MockAdapter, options: FetchServiceMockOptions): Promise<{ mock: FetchServiceMock; send(request: Request): Promise<Response> }> {
  if (adapter === 'msw') {
    const mock = createFetchServiceMock(options);
    return { mock, send: async (request) => (await getResponse(mock.handlers, request))! };
  }
  const server = await startFetchServiceMock({ ...options, adapter: 'node' });
  closers.push(server.close);
  return { mock: server.mock, send: (request) => fetch(new Request(request.url.replace(defaultMockBaseUrl, server.url), request)) };
}

describe.each<MockAdapter>(['msw', 'node'])('through the %s adapter', (adapter) => {
  async function mockWith(options: Partial<FetchServiceMockOptions> = {}) {
    const { mock, send } = await served(adapter, { apiKeys: [key], ...options });
    const call = async (body: unknown, init: { headers?: Record<string, string>; raw?: string; method?: string; path?: string } = {}) => {
      const request = new Request(`${defaultMockBaseUrl}${init.path ?? '/v1/fetch'}`, {
        method: init.method ?? 'POST',
        headers: { 'content-type': 'application/json', 'x-svc-api-key': key, ...init.headers },
        body: (init.method ?? 'POST') === 'POST' ? (init.raw ?? JSON.stringify(body)) : null,
      });
      const response = await send(request);
      return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
    };
    return { mock, call };
  }

  const farm = (path: string) => `${virtualFarm.httpUrl}${path}`;

  /** The seed's error body: statusCode equal to the status, the reason phrase, a message. */
  function expectErrorBody(reply: { status: number; body: Record<string, unknown> }, status: number): void {
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  }

  describe('the fetch-service mock, without a network', () => {
    test('answers a farm page from the catalogue: exact text, MIME type and encoding, for every text page', async () => {
      const { call } = await mockWith();
      for (const page of farmPages.filter((p) => p.text !== null)) {
        const reply = await call({ url: farm(page.path) });
        expect(reply.status, page.path).toBe(200);
        expect(reply.body).toMatchObject({ statusCode: 200, content: page.text, contentType: page.mimeType, encoding: new TextDecoder(page.encoding!).encoding });
        expect(reply.body.id).toBe(reply.headers.get('x-request-id'));
      }
    });

    test('reports binary pages as base64, and folds repeated headers into strings', async () => {
      const { call } = await mockWith();
      const png = farmPages.find((p) => p.path === '/binary/png')!;
      expect((await call({ url: farm('/binary/png') })).body).toMatchObject({ content: png.body.toString('base64'), encoding: 'base64', contentType: 'image/png' });
      const headers = (await call({ url: farm('/headers/repeated') })).body.headers as Record<string, string>;
      expect(headers['x-repeat']).toBe('one, two');
      expect(headers['set-cookie']).toBe('first=1; Path=/\nsecond=2; Path=/; HttpOnly');
    });

    test('reports an origin error status as a result, not as its own error', async () => {
      const { call } = await mockWith();
      expect((await call({ url: farm('/status/404') })).body).toMatchObject({ statusCode: 404, content: 'status 404\n' });
    });

    test('does not follow redirects unless asked, follows them when asked, and stops after maxRedirects hops', async () => {
      const { call, mock } = await mockWith({ limits: { maxRedirects: 3 } });
      const unfollowed = await call({ url: farm('/redirect/status/307?probe=p1') });
      expect(unfollowed.body).toMatchObject({ statusCode: 307, headers: expect.objectContaining({ location: '/small?probe=p1' }) });
      expect(mock.originRequests('p1').map((r) => r.path)).toEqual(['/redirect/status/307?probe=p1']);
      expect((await call({ url: farm('/redirect/chain/3'), allowRedirects: true })).body).toMatchObject({ statusCode: 200, content: 'end of the redirect chain\n' });
      expect((await call({ url: farm('/redirect/relative'), allowRedirects: true })).body).toMatchObject({ statusCode: 200, contentType: 'text/html' });
      expectErrorBody(await call({ url: farm('/redirect/chain/4'), allowRedirects: true }), 502);
    });

    test('refuses TLS listeners whose certificate does not verify with 502, unless allowInsecureSsl', async () => {
      const { call } = await mockWith();
      for (const base of [virtualFarm.expiredTlsUrl, virtualFarm.wrongHostTlsUrl]) {
        expectErrorBody(await call({ url: `${base}/small` }), 502);
        expect((await call({ url: `${base}/small`, allowInsecureSsl: true })).status).toBe(200);
      }
      expect((await call({ url: `${virtualFarm.httpsUrl}/small` })).status).toBe(200);
    });

    test('answers 502 for oversized bodies, declared, streamed or inflated', async () => {
      const { call } = await mockWith({ limits: { maxBytes: 64 * 1024 } });
      for (const path of ['/big', '/big?chunked=1', '/gzip-bomb']) expectErrorBody(await call({ url: farm(path) }), 502);
      expect((await call({ url: farm('/big?bytes=1000') })).status).toBe(200);
    });

    test('answers 504 after a short hold for a page slower than the timeout, and waits for one within it', async () => {
      const { call } = await mockWith({ limits: { timeoutMs: 5000 }, timeoutHoldMs: 100 });
      // The route takes 65 s: only the hold can have answered this within the test's time.
      expect((await call({ url: farm('/slow/headers') })).body).toMatchObject({ statusCode: 504, message: expect.stringContaining('within 5 seconds') });
      expectErrorBody(await call({ url: farm('/slow/drip?ms=1000&chunks=10') }), 504);
      expect((await call({ url: farm('/slow/headers?ms=200') })).body).toMatchObject({ statusCode: 200, content: 'answered after 200 ms\n' });
    });

    test('answers 429 with Retry-After beyond the concurrent fetches allowed per key, and frees the slot after', async () => {
      const { call, mock } = await mockWith({ limits: { maxConcurrency: 2, timeoutMs: 300 }, timeoutHoldMs: 300 });
      const slow = [call({ url: farm('/slow/headers') }), call({ url: farm('/slow/headers') })];
      await expect.poll(() => mock.inFlight).toBe(2);
      const refused = await call({ url: farm('/small') });
      expectErrorBody(refused, 429);
      expect(refused.headers.get('retry-after')).toBe('1');
      await Promise.all(slow);
      expect((await call({ url: farm('/small') })).status).toBe(200);
    });

    test('refuses loopback, private and metadata destinations in any spelling: 403, or 400 with allowInsecureSsl', async () => {
      const { call } = await mockWith();
      const urls = ['http://127.0.0.2:8080/', 'http://0x7f000001/', 'http://2130706433/', 'http://127.1/', 'http://[::ffff:127.0.0.2]/', 'http://[::1]/', 'http://localhost/', 'http://a.localhost./', 'http://0.0.0.0/', 'http://10.1.2.3/', 'http://169.254.169.254/latest/meta-data/', 'http://metadata.google.internal/', 'http://[fd00::1]/'];
      for (const url of urls) {
        expectErrorBody(await call({ url }), 403);
        expectErrorBody(await call({ url: url.replace('http:', 'https:'), allowInsecureSsl: true }), 400);
      }
      // On a redirect hop too.
      expectErrorBody(await call({ url: farm('/redirect/to?url=http://127.0.0.2:9/'), allowRedirects: true }), 403);
    });

    test('trusts the farm it is told about although it is on loopback', async () => {
      const local = { ...virtualFarm, httpUrl: 'http://127.0.0.1:4567', httpsUrl: 'https://127.0.0.1:4568', expiredTlsUrl: 'https://127.0.0.1:4569', wrongHostTlsUrl: 'https://127.0.0.1:4570' };
      const { call } = await mockWith({ farm: local });
      expect((await call({ url: 'http://127.0.0.1:4567/small' })).status).toBe(200);
      expect((await call({ url: 'https://127.0.0.1:4569/small', allowInsecureSsl: true })).status).toBe(200);
      expectErrorBody(await call({ url: 'http://127.0.0.1:4571/small' }), 403);
    });

    test('answers a public URL with a stand-in page and never the network', async () => {
      const { call } = await mockWith();
      const reply = await call({ url: 'https://example.com/some/page' });
      expect(reply.body).toMatchObject({ statusCode: 200, contentType: 'text/html', headers: expect.objectContaining({ 'x-conform-mock': 'example' }) });
    });

    test('gives any error status on purpose: Prefer: code=NNN, or https://status.conform.invalid/NNN', async () => {
      const { call } = await mockWith();
      for (const code of [429, 502, 504, 500]) {
        expectErrorBody(await call({ url: 'https://example.com/' }, { headers: { prefer: `code=${code}` } }), code);
        expectErrorBody(await call({ url: `https://status.conform.invalid/${code}` }), code);
      }
      expect((await call({ url: 'https://status.conform.invalid/404' })).body).toMatchObject({ statusCode: 404 });
      expectErrorBody(await call({ url: 'https://status.conform.invalid/teapot' }), 400);
    });

    test('refuses a missing or unknown key with 401 and WWW-Authenticate, before anything else', async () => {
      const { call } = await mockWith();
      for (const headers of [{ 'x-svc-api-key': '' }, { 'x-svc-api-key': 'not-issued' }]) {
        const reply = await call({}, { headers });
        expectErrorBody(reply, 401);
        expect(reply.headers.get('www-authenticate')).toContain('X-SVC-API-Key');
      }
    });

    test('answers 400 for every invalid body shape and 415 for a body that is not JSON by type', async () => {
      const { call } = await mockWith();
      const bodies = ['', 'nope', '[]', 'null', '"http://x/"', '{}', '{"url":42}', '{"url":"/relative"}', '{"url":"http://"}', '{"url":"ftp://x/"}', '{"url":"http://u:p@x/"}', '{"url":"http://x/","allowRedirects":"true"}', '{"url":"http://x/","proxies":null}'];
      for (const raw of bodies) expectErrorBody(await call(undefined, { raw }), 400);
      expectErrorBody(await call({ url: farm('/small') }, { headers: { 'content-type': 'text/plain' } }), 415);
      expect((await call({ url: farm('/small') }, { headers: { 'content-type': 'application/json; charset=utf-8' } })).status).toBe(200);
    });

    test('answers other paths and methods with the JSON error body, and /healthz without a key', async () => {
      const { call } = await mockWith();
      expectErrorBody(await call({}, { path: '/v2/fetch' }), 404);
      const wrongMethod = await call(undefined, { method: 'GET' });
      expectErrorBody(wrongMethod, 405);
      expect(wrongMethod.headers.get('allow')).toBe('POST');
      expect((await call(undefined, { method: 'GET', path: '/healthz', headers: { 'x-svc-api-key': '' } })).body).toEqual({ status: 'ok' });
    });
  });
});
