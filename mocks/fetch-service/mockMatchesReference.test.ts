// One table of requests through the reference (started on loopback behind the loopback-only dial) and the
// mock (served over loopback): the same status and the same error body, word for word, from each. Both
// answer from src/fetch-service/core; this is what keeps a copy from drifting back in.
import type { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWalledFetchService, TEST_API_KEY, type WalledFetchService } from '../../src/testing/startWalledFetchService.ts';
import { startOriginFarm, type OriginFarm } from '../origin/startOriginFarm.ts';
import { startFetchServiceMock, type FetchServiceMockServer } from './startFetchServiceMock.ts';

interface Row {
  name: string;
  /** JSON.stringify'd as the request body, or `raw` sent as it is. */
  body?: (farm: OriginFarm) => unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** The X-SVC-API-Key; null sends none. */
  key?: string | null;
  method?: string;
  path?: string;
  status: number;
  /** The error body's message, where the reply is an error. */
  message?: string;
}

const url = (farm: OriginFarm, path: string) => `${farm.httpUrl}${path}`;
const refused = 'The destination is not permitted.';
const insecure = 'allowInsecureSsl must not be used for localhost, private-network, link-local or cloud-metadata destinations.';
const notAbsolute = 'url must be an absolute http or https URL.';

const rows: Row[] = [
  { name: 'valid', body: (f) => ({ url: url(f, '/small') }), status: 200 },
  { name: 'valid, an unknown field ignored', body: (f) => ({ url: url(f, '/small'), extra: [1] }), status: 200 },
  { name: 'valid, the origin answering 404', body: (f) => ({ url: url(f, '/status/404') }), status: 200 },
  { name: 'valid, a charset to sniff', body: (f) => ({ url: url(f, '/page/meta-charset') }), status: 200 },
  { name: 'url missing', body: () => ({}), status: 400, message: 'url is required.' },
  { name: 'url not a string', body: () => ({ url: 42 }), status: 400, message: 'url must be a string.' },
  { name: 'url not a URI', body: () => ({ url: 'not a url' }), status: 400, message: notAbsolute },
  { name: 'url relative', body: () => ({ url: '/small' }), status: 400, message: notAbsolute },
  { name: 'url not http', body: () => ({ url: 'ftp://example.invalid/' }), status: 400, message: notAbsolute },
  { name: 'url with credentials', body: () => ({ url: 'http://user:pass@example.invalid/' }), status: 400, message: 'url must not contain credentials.' },
  { name: 'url over 8192 characters', body: () => ({ url: `http://example.invalid/${'a'.repeat(9000)}` }), status: 400, message: 'url must be at most 8192 characters.' },
  { name: 'allowRedirects not a boolean', body: (f) => ({ url: url(f, '/small'), allowRedirects: 'yes' }), status: 400, message: 'allowRedirects must be a boolean.' },
  { name: 'allowInsecureSsl not a boolean', body: (f) => ({ url: url(f, '/small'), allowInsecureSsl: 1 }), status: 400, message: 'allowInsecureSsl must be a boolean.' },
  { name: 'proxies not a boolean', body: (f) => ({ url: url(f, '/small'), proxies: null }), status: 400, message: 'proxies must be a boolean.' },
  { name: 'malformed JSON', raw: '{"url":', status: 400, message: 'The request body is not valid JSON.' },
  { name: 'no body', raw: '', status: 400, message: 'The request body is not valid JSON.' },
  { name: 'JSON array', raw: '[1]', status: 400, message: 'The request body must be a JSON object.' },
  { name: 'JSON null', raw: 'null', status: 400, message: 'The request body must be a JSON object.' },
  { name: 'JSON string', raw: '"http://example.invalid/"', status: 400, message: 'The request body must be a JSON object.' },
  { name: 'body over 64 KiB', raw: JSON.stringify({ url: 'http://example.invalid/', pad: 'x'.repeat(70_000) }), status: 400, message: 'The request body must be at most 65536 bytes.' },
  { name: 'no key', body: (f) => ({ url: url(f, '/small') }), key: null, status: 401, message: 'A valid API key is required in the X-SVC-API-Key header.' },
  { name: 'unknown key', body: (f) => ({ url: url(f, '/small') }), key: 'not-issued-0123456789', status: 401, message: 'A valid API key is required in the X-SVC-API-Key header.' },
  { name: 'wrong content type', body: (f) => ({ url: url(f, '/small') }), headers: { 'content-type': 'text/plain' }, status: 415, message: 'The request body must be sent as application/json.' },
  { name: 'private destination', body: () => ({ url: 'http://10.0.0.1/' }), status: 403, message: refused },
  { name: 'loopback destination', body: () => ({ url: 'http://127.0.0.1:8080/' }), status: 403, message: refused },
  { name: 'metadata, IPv4-mapped', body: () => ({ url: 'http://[::ffff:169.254.169.254]/' }), status: 403, message: refused },
  { name: 'metadata, NAT64', body: () => ({ url: 'http://[64:ff9b::a9fe:a9fe]/' }), status: 403, message: refused },
  { name: 'metadata, 6to4', body: () => ({ url: 'http://[2002:a9fe:a9fe::1]/' }), status: 403, message: refused },
  { name: 'localhost name', body: () => ({ url: 'http://a.localhost/' }), status: 403, message: refused },
  { name: 'a bad port', body: () => ({ url: 'http://example.invalid:25/' }), status: 403, message: refused },
  { name: 'private destination with allowInsecureSsl', body: () => ({ url: 'https://10.0.0.1/', allowInsecureSsl: true }), status: 400, message: insecure },
  { name: 'a redirect to a private address', body: (f) => ({ url: url(f, '/redirect/to?url=http://127.0.0.2:8080/'), allowRedirects: true }), status: 403, message: refused },
  { name: 'too many redirects', body: (f) => ({ url: url(f, '/redirect/chain/11'), allowRedirects: true }), status: 502, message: 'The fetched URL redirected more than 10 times.' },
  { name: 'a certificate that does not verify', body: (f) => ({ url: `${f.expiredTlsUrl}/small` }), status: 502, message: 'TLS certificate verification failed for the fetched host. If it is a trusted test host or one you control, set allowInsecureSsl to true.' },
  { name: 'a body that is not the gzip it says', body: (f) => ({ url: url(f, '/broken/gzip') }), status: 502, message: 'The fetched host could not be reached or did not answer with a valid HTTP response.' },
  { name: 'wrong method', method: 'GET', status: 405, message: 'The fetch operation takes POST.' },
  { name: 'unknown path', path: '/v2/fetch', status: 404, message: 'No such endpoint: the fetch operation is POST /v1/fetch.' },
  { name: 'health check without a key', method: 'GET', path: '/healthz', key: null, status: 200 },
];

/** What must be the same from both: the status, the error body or the result's content, and the headers an error pairs with its status. */
interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string | undefined>;
}

let farm: OriginFarm;
let reference: WalledFetchService;
let mock: FetchServiceMockServer;
let client: Agent;

beforeAll(async () => {
  farm = await startOriginFarm();
  const listeners = [farm.httpUrl, farm.httpsUrl, farm.expiredTlsUrl, farm.wrongHostTlsUrl].map((base) => new URL(base).host);
  reference = await startWalledFetchService({ allowHosts: listeners });
  mock = await startFetchServiceMock({ apiKeys: [TEST_API_KEY], farm });
  client = reference.wall.agent();
});

afterAll(async () => {
  await client?.close();
  await Promise.all([reference?.close(), mock?.close(), farm?.close()]);
});

async function send(base: string, row: Row): Promise<Answer> {
  const method = row.method ?? 'POST';
  const headers: Record<string, string> = { 'content-type': 'application/json', ...row.headers };
  const key = row.key === undefined ? TEST_API_KEY : row.key;
  if (key !== null) headers['x-svc-api-key'] = key;
  const body = method === 'POST' ? (row.raw ?? JSON.stringify(row.body?.(farm) ?? {})) : null;
  const response = await client.request({ origin: base, path: row.path ?? '/v1/fetch', method, headers, body });
  const json = (await response.body.json()) as Record<string, unknown>;
  const { statusCode, content, contentType, encoding, error, message, status } = json;
  const pick = (name: string) => (typeof response.headers[name] === 'string' ? (response.headers[name] as string) : undefined);
  return {
    status: response.statusCode,
    body: response.statusCode === 200 ? { statusCode, content, contentType, encoding, status } : { statusCode, error, message },
    headers: { 'content-type': pick('content-type'), allow: pick('allow'), 'www-authenticate': pick('www-authenticate'), 'retry-after': pick('retry-after') },
  };
}

describe('the mock answers as the reference does', () => {
  test.each(rows.map((row) => [row.name, row] as const))('%s', async (_, row) => {
    const [fromReference, fromMock] = await Promise.all([send(reference.url, row), send(mock.url, row)]);
    expect(fromReference.status, 'the reference').toBe(row.status);
    if (row.message !== undefined) expect(fromReference.body, 'the reference').toEqual({ statusCode: row.status, error: expect.any(String), message: row.message });
    expect(fromMock).toEqual(fromReference);
  });
});
