// The fetch mock's control API over real HTTP on loopback, through both adapters: pages put at URLs and
// fetched through POST /v1/fetch by the service's own rules, faults, the scenario, reset, the journal.
import { fileURLToPath } from 'node:url';
import { createConfig, lint } from '@redocly/openapi-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { checkExchange } from '../../src/openapi/checkExchange.ts';
import { loadSpec } from '../../src/openapi/loadSpec.ts';
import { formatViolations } from '../../src/openapi/Violation.ts';
import { MockControlError } from '../control-api/MockControlError.ts';
import type { MockAdapter } from '../MockExchange.ts';
import { createFetchServiceMock } from './createFetchServiceMock.ts';
import { fetchControlPrefix } from './fetchControlRoutes.ts';
import { fetchControlSpec, fetchControlSpecUrl } from './fetchControlSpec.ts';
import { startFetchServiceMock, type FetchServiceMockServer } from './startFetchServiceMock.ts';

const key = 'control-mock-key-0123456789';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A control call as any HTTP client sends it; its answer must be one its document describes. */
async function control(server: FetchServiceMockServer, method: string, path: string, body?: unknown): Promise<Answer> {
  const answer = await send(`${server.url}${path}`, body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const operation = fetchControlSpec().operationFor(method, path.split('?')[0]!);
  if (operation) expect(formatViolations(checkExchange(operation, { status: answer.status, headers: answer.headers, body: answer.text })), `${method} ${path}`).toBe('');
  return answer;
}

interface FetchResult {
  statusCode: number;
  headers: Record<string, string>;
  content: string;
  contentType: string;
  encoding: string;
}

const post = (server: FetchServiceMockServer, body: unknown, signal?: AbortSignal) =>
  send(`${server.url}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': key }, body: JSON.stringify(body), ...(signal && { signal }) });

describe.each<MockAdapter>(['node', 'msw'])('the fetch mock\'s control API through the %s adapter', (adapter) => {
  let server: FetchServiceMockServer;
  beforeAll(async () => {
    server = await startFetchServiceMock({
      apiKeys: [key],
      adapter,
      limits: { timeoutMs: 2000, maxBytes: 4096 },
      timeoutHoldMs: 50,
      pages: [{ url: 'https://start.example/', body: 'from the start' }],
    });
  });
  afterEach(() => control(server, 'POST', '/__conform/reset'));
  afterAll(() => server?.close());

  test('a latin-1 page put at a URL is fetched and decoded as the service decodes its charset', async () => {
    const added = await control(server, 'POST', '/__conform/pages', { url: 'https://news.example/article', body: '<p>Café olé</p>', charset: 'iso-8859-1' });
    expect(added.status).toBe(201);
    const fetched = await post(server, { url: 'https://news.example/article' });
    expect(fetched.status).toBe(200);
    const result = fetched.json as FetchResult;
    expect(result).toMatchObject({ statusCode: 200, content: '<p>Café olé</p>', contentType: 'text/html', encoding: 'windows-1252' });
    expect(result.headers['content-type']).toBe('text/html; charset=iso-8859-1');
    // The same page again replaces it: 200, not 201.
    expect((await control(server, 'POST', '/__conform/pages', { url: 'https://news.example/article', body: 'again' })).status).toBe(200);
    expect(((await post(server, { url: 'https://news.example/article' })).json as FetchResult).content).toBe('again');
  });

  test('a pattern page answers every URL it matches; an exact url wins over it', async () => {
    await control(server, 'PUT', '/__conform/pages', {
      pages: [
        { pattern: 'https://news.example/section/*', status: 404, body: 'gone' },
        { url: 'https://news.example/section/kept', body: 'kept' },
      ],
    });
    expect((await post(server, { url: 'https://news.example/section/a/b?c=d' })).json).toMatchObject({ statusCode: 404, content: 'gone' });
    expect((await post(server, { url: 'https://news.example/section/kept' })).json).toMatchObject({ statusCode: 200, content: 'kept' });
    // Not matched: the stand-in page.
    const other = (await post(server, { url: 'https://news.example/other' })).json as FetchResult;
    expect(other.headers['x-conform-mock']).toBe('example');
  });

  test('a redirect page is followed with allowRedirects, and answered as a redirect without', async () => {
    await control(server, 'POST', '/__conform/pages', { url: 'https://news.example/article', body: 'the article' });
    await control(server, 'POST', '/__conform/pages', { url: 'https://news.example/old', redirectTo: '/article', status: 301 });
    expect((await post(server, { url: 'https://news.example/old', allowRedirects: true })).json).toMatchObject({ statusCode: 200, content: 'the article' });
    const unfollowed = (await post(server, { url: 'https://news.example/old' })).json as FetchResult;
    expect(unfollowed.statusCode).toBe(301);
    expect(unfollowed.headers.location).toBe('https://news.example/article');
  });

  test("the service's rules hold for pages: its size cap (502), its timeout (504), loopback refused (403)", async () => {
    await control(server, 'PUT', '/__conform/pages', {
      pages: [
        { url: 'https://news.example/big', body: 'x'.repeat(4097) },
        { url: 'https://news.example/slow', body: 'late', delayMs: 600_000 },
        { url: 'http://127.0.0.1/inside', body: 'never' },
      ],
    });
    expect((await post(server, { url: 'https://news.example/big' })).status).toBe(502);
    expect((await post(server, { url: 'https://news.example/slow' })).status).toBe(504);
    expect((await post(server, { url: 'http://127.0.0.1/inside' })).status).toBe(403);
  });

  test('a one-shot 503 fault answers the next fetch in the service\'s error shape, then fetches answer again', async () => {
    const added = await control(server, 'POST', '/__conform/faults', { operation: 'fetchPage', then: { status: 503, retryAfterSeconds: 2 } });
    expect(added.status).toBe(201);
    expect((await control(server, 'GET', '/__conform/faults')).json).toMatchObject({ faults: [{ operation: 'fetchPage', remaining: 1 }] });
    const faulted = await post(server, { url: 'https://start.example/' });
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get('retry-after')).toBe('2');
    expect(faulted.json).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect(formatViolations(checkExchange(loadSpec('fetch-service').operation('fetchPage'), { status: faulted.status, headers: faulted.headers, body: faulted.text }))).toBe('');
    expect((await post(server, { url: 'https://start.example/' })).json).toMatchObject({ statusCode: 200, content: 'from the start' });
    expect((await control(server, 'GET', '/__conform/faults')).json).toEqual({ faults: [] });
  });

  test('a reset fault breaks the connection of the next fetch', async () => {
    await control(server, 'POST', '/__conform/faults', { operation: 'fetchPage', then: { reset: true } });
    await expect(post(server, { url: 'https://start.example/' })).rejects.toThrow();
    expect((await post(server, { url: 'https://start.example/' })).status).toBe(200);
  });

  test('the scenario changes at run time: a fetch held by the latency is still held when one sent after the change is answered', async () => {
    expect((await control(server, 'PATCH', '/__conform/scenario', { latencyMs: 600_000, maxConcurrency: 1 })).json).toEqual({ latencyMs: 600_000, maxConcurrency: 1, errorRate: 0 });
    const hangUp = new AbortController();
    let heldSettled = false;
    const held = post(server, { url: 'https://start.example/' }, hangUp.signal).finally(() => (heldSettled = true));
    held.catch(() => undefined);
    await expect.poll(() => server.mock.inFlight).toBe(1);
    // A 429 is as slow as any answer: the latency goes first, then maxConcurrency 1 shows.
    await control(server, 'PATCH', '/__conform/scenario', { latencyMs: 0 });
    expect((await post(server, { url: 'https://start.example/' })).status).toBe(429);
    await control(server, 'PATCH', '/__conform/scenario', { maxConcurrency: 4 });
    expect((await post(server, { url: 'https://start.example/' })).status).toBe(200);
    expect(heldSettled).toBe(false);
    hangUp.abort();
    await expect(held).rejects.toThrow();
  });

  test('errorRate 1 answers every fetch 503 with Retry-After', async () => {
    await control(server, 'PATCH', '/__conform/scenario', { errorRate: 1 });
    const refused = await post(server, { url: 'https://start.example/' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
  });

  test('reset drops the pages added since the start, and the journal; the started ones stay', async () => {
    await control(server, 'POST', '/__conform/pages', { url: 'https://news.example/article', body: 'added' });
    await post(server, { url: 'https://news.example/article' });
    const reset = await control(server, 'POST', '/__conform/reset');
    expect(reset.json).toMatchObject({ pages: 1, faults: [] });
    expect(((await post(server, { url: 'https://news.example/article' })).json as FetchResult).headers['x-conform-mock']).toBe('example');
    expect((await control(server, 'GET', '/__conform/pages')).json).toEqual({ pages: [{ url: 'https://start.example/', body: 'from the start' }] });
    expect(((await control(server, 'GET', '/__conform/journal')).json as { entries: unknown[] }).entries).toHaveLength(1);
  });

  test('the journal lists the fetches with the API key named, never shown', async () => {
    await post(server, { url: 'https://start.example/' });
    const journal = await control(server, 'GET', '/__conform/journal');
    expect(journal.status).toBe(200);
    expect(journal.text).toContain('$SVC_API_KEY');
    expect(journal.text).not.toContain(key);
    expect((journal.json as { entries: Array<{ request: { url: string } }> }).entries[0]!.request.url).toBe(`${server.url}/v1/fetch`);
    const later = await control(server, 'GET', `/__conform/journal?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(later.json).toEqual({ entries: [] });
    // The client report is still the judged table's.
    expect((await send(`${server.url}/__conform/client-report`)).status).toBe(200);
  });

  test('delete by url or pattern, 404 when absent; without url every page goes', async () => {
    await control(server, 'POST', '/__conform/pages', { pattern: 'https://a.example/*', body: 'a' });
    expect((await control(server, 'DELETE', `/__conform/pages?url=${encodeURIComponent('https://a.example/*')}`)).json).toEqual({ pages: [{ pattern: 'https://a.example/*', body: 'a' }] });
    const absent = await control(server, 'DELETE', `/__conform/pages?url=${encodeURIComponent('https://a.example/*')}`);
    expect(absent.status).toBe(404);
    expect(absent.json).toMatchObject({ error: 'not_found', field: 'url' });
    expect(((await control(server, 'DELETE', '/__conform/pages')).json as { pages: unknown[] }).pages).toHaveLength(1);
    expect((await control(server, 'GET', '/__conform/pages')).json).toEqual({ pages: [] });
  });

  test('wrong control calls: 400 naming the field, 404 unknown path, 405 with Allow', async () => {
    const bad = await control(server, 'PUT', '/__conform/pages', { pages: [{ url: 'https://a.example/' }, { url: 'https://b.example/', status: 600 }] });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 'invalid_request', field: 'pages[1].status' });
    const both = await control(server, 'POST', '/__conform/pages', { url: 'https://a.example/', pattern: 'https://a.example/*' });
    expect(both.json).toMatchObject({ field: 'pattern', message: 'pattern: a page has exactly one of url and pattern' });
    expect((await control(server, 'POST', '/__conform/pages', { url: 'https://a.example/', body: '日', charset: 'iso-8859-1' })).json).toMatchObject({ field: 'body' });
    expect((await control(server, 'POST', '/__conform/faults', { operation: 'listMeetings', then: { status: 503 } })).json).toMatchObject({ field: 'operation' });
    const unknown = await control(server, 'GET', '/__conform/nowhere');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: 'not_found' });
    const wrongMethod = await control(server, 'PATCH', '/__conform/pages', {});
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, PUT, POST, DELETE');
  });
});

describe('mock.control in-process', () => {
  test('offers the same operations; bad input throws MockControlError naming the field, and changes nothing', async () => {
    const mock = createFetchServiceMock({ apiKeys: [key] });
    expect(mock.control.pages.add({ url: 'https://news.example/x', bodyBase64: Buffer.from([0xff, 0x00]).toString('base64') })).toMatchObject({ created: true });
    expect(mock.control.pages.list()).toHaveLength(1);
    expect(() => mock.control.pages.add({ url: 'https://news.example/y', status: 99 })).toThrow(MockControlError);
    const refused = (() => {
      try {
        mock.control.pages.put([{ url: 'https://a.example/' }, { pattern: 'x', redirectTo: '/y', status: 200 }]);
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(MockControlError);
    expect((refused as MockControlError).field).toBe('pages[1].status');
    // Nothing of a refused put is kept.
    expect(mock.control.pages.list()).toHaveLength(1);
    expect(() => mock.control.pages.add({ url: 'https://big.example/', body: 'x'.repeat(10 * 1024 * 1024 + 1) })).toThrow(/body/);
    expect(mock.control.scenario.set({ errorRate: 0.5 })).toMatchObject({ errorRate: 0.5 });
    expect(mock.control.reset()).toMatchObject({ pages: 0, scenario: { errorRate: 0 } });
  });
});

describe("the fetch mock's control document", () => {
  test("is valid OpenAPI 3.1 by Redocly's recommended rules, its examples matching their schemas", async () => {
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-invalid-media-type-examples': 'error', 'no-invalid-schema-examples': 'error' } });
    const problems = await lint({ ref: fileURLToPath(fetchControlSpecUrl), config });
    // The live page is the API's root, /__conform/ (src/client/livePage.ts): that one path ends in a slash on purpose.
    const livePageRoot = (p: (typeof problems)[number]) => p.ruleId === 'no-path-trailing-slash' && p.location[0]?.pointer === '#/paths/~1__conform~1';
    expect(problems.filter((p) => !livePageRoot(p)).map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`)).toEqual([]);
  });

  test("every control path is under /__conform/ and none is a path of the fetch service's spec", () => {
    const service = loadSpec('fetch-service');
    for (const op of fetchControlSpec().operations) {
      expect(op.path.startsWith(fetchControlPrefix), op.path).toBe(true);
      expect(service.operationFor(op.method, op.path), `${op.method} ${op.path}`).toBeUndefined();
    }
    expect(service.operation('fetchPage').path).toBe('/v1/fetch');
  });
});
