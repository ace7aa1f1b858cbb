// The fetch service's client rules on their near misses, fed to the judge as a proxy would feed it.
import { describe, expect, test } from 'vitest';
import { exchangeOf } from '../fixtures/exchangeOf.ts';
import { fetchServiceClientJudge } from './fetchServiceClientJudge.ts';

const base = 'https://fetch.example/api';
const key = 'fetch-key-never-shown';
const json = { 'x-svc-api-key': key, 'content-type': 'application/json' };

function judged(clause: string, ...requests: Array<{ headers?: Record<string, string>; body?: string; method?: string; path?: string; status?: number; answer?: unknown }>) {
  const j = fetchServiceClientJudge({ baseUrl: base });
  for (const r of requests) j.observe(exchangeOf(r.method ?? 'POST', `${base}${r.path ?? '/v1/fetch'}`, { headers: r.headers ?? json, body: r.body ?? '{"url":"https://example.com/"}' }, { status: r.status ?? 200, ...(r.answer === undefined ? {} : { json: r.answer }) }));
  const report = j.report();
  const check = report.checks.find((c) => c.clause === clause)!;
  return { check, problems: check.finding?.groups.flatMap((g) => g.examples.map((e) => e.problem)) ?? [], report };
}

describe('FS-CLIENT-KEY', () => {
  test.each([
    ['the header, any case of its name (the adapter gives it lowercase)', json, 200, undefined],
    ['no header', { 'content-type': 'application/json' }, 401, 'the request carried no X-SVC-API-Key header'],
    ['empty', { 'x-svc-api-key': '', 'content-type': 'application/json' }, 401, 'the X-SVC-API-Key header was empty'],
    ['as a bearer token', { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, 401, 'the request carried no X-SVC-API-Key header; a key went in the Authorization header instead, where the service does not read it'],
    ['one the service refused', { 'x-svc-api-key': 'not-issued', 'content-type': 'application/json' }, 401, 'the service refused the key in X-SVC-API-Key (401): it is not one it issued'],
  ])('%s', (_, headers, status, problem) => {
    const { problems, report } = judged('FS-CLIENT-KEY', { headers, status });
    expect(problems).toEqual(problem ? [problem] : []);
    expect(JSON.stringify(report)).not.toContain(key);
  });

  test('on every request to the service, the health check aside', () => {
    const { check } = judged('FS-CLIENT-KEY', { method: 'GET', path: '/v1/fetch', headers: {}, status: 401 }, { method: 'GET', path: '/healthz', headers: {} });
    expect(check.finding!.headline).toMatch(/^#1 GET \/api\/v1\/fetch: /);
  });
});

describe('FS-CLIENT-JSON-BODY', () => {
  test.each([
    ['application/json with a charset, in any case', 'Application/JSON; charset=utf-8', '{"url":"https://example.com/"}', undefined],
    ['no Content-Type', undefined, '{"url":"https://example.com/"}', 'the fetch request had no Content-Type: the body is sent as application/json'],
    ['text/plain', 'text/plain', '{"url":"https://example.com/"}', 'the fetch request was labelled text/plain: the body is sent as application/json'],
    ['not JSON', 'application/json', 'url=https://example.com/', 'the body is not JSON'],
    ['an array', 'application/json', '[]', 'the body is JSON but not an object (an empty array)'],
  ])('%s', (_, type, body, problem) => {
    const headers: Record<string, string> = { 'x-svc-api-key': key, ...(type ? { 'content-type': type } : {}) };
    expect(judged('FS-CLIENT-JSON-BODY', { headers, body }).problems).toEqual(problem ? [problem] : []);
  });
});

describe('FS-CLIENT-OPTIONS', () => {
  test.each([
    ['booleans', '{"url":"https://example.com/","allowRedirects":true,"allowInsecureSsl":false,"proxies":false}', []],
    ['no url', '{"allowRedirects":true}', ['the fetch request had no url']],
    ['a url that is a number', '{"url":42}', ['url was number 42, not a string']],
    ['a relative url', '{"url":"/page"}', ['url "/page" is not an absolute URI']],
    ['1 and null for booleans', '{"url":"https://example.com/","proxies":1,"allowInsecureSsl":null}', ['allowInsecureSsl was null, not a boolean; proxies was number 1, not a boolean']],
  ])('%s', (_, body, problems) => {
    expect(judged('FS-CLIENT-OPTIONS', { body }).problems).toEqual(problems);
  });
});

describe('FS-CLIENT-INSECURE-PRIVATE', () => {
  test.each([
    ['a public name', 'https://test.example.org/', 'name', undefined],
    ['a public address', 'https://93.184.215.14/', 'literal', undefined],
    ['localhost', 'https://localhost:8443/', 'literal', 'allowInsecureSsl true with localhost:8443, a localhost name'],
    ['a name under .localhost', 'https://app.localhost/', 'literal', 'allowInsecureSsl true with app.localhost, a localhost name'],
    ['a private address', 'https://10.1.2.3/', 'literal', 'allowInsecureSsl true with 10.1.2.3, an address in the private range'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/', 'literal', 'allowInsecureSsl true with 169.254.169.254, an address in the linkLocal range'],
    ['loopback in hex', 'https://0x7f000001/', 'literal', 'allowInsecureSsl true with 127.0.0.1, an address in the loopback range'],
    ['IPv6 loopback', 'https://[::1]:9443/', 'literal', 'allowInsecureSsl true with [::1]:9443, an address in the loopback range'],
    ['loopback mapped into IPv6', 'https://[::ffff:127.0.0.1]/', 'literal', 'allowInsecureSsl true with [::ffff:7f00:1], an address in the loopback range'],
    ['a unique-local IPv6 address', 'https://[fd00:ec2::254]/', 'literal', 'allowInsecureSsl true with [fd00:ec2::254], an address in the uniqueLocal range'],
  ])('%s', (_, url, path, problem) => {
    const { check, problems } = judged('FS-CLIENT-INSECURE-PRIVATE', { body: JSON.stringify({ url, allowInsecureSsl: true }) });
    expect(check.paths).toEqual([path]);
    expect(problems).toEqual(problem ? [problem] : []);
  });

  test('allowInsecureSsl false or absent is not its business', () => {
    expect(judged('FS-CLIENT-INSECURE-PRIVATE', { body: '{"url":"https://127.0.0.1/","allowInsecureSsl":false}' }).check.status).toBe('skipped');
  });
});

describe('FS-CLIENT-RETRY-AFTER', () => {
  const busy = (at: number, status = 429, retryAfter = '2') =>
    exchangeOf('POST', `${base}/v1/fetch`, { headers: json, body: '{"url":"https://example.com/","proxies":false}' }, { status, headers: status === 429 ? { 'retry-after': retryAfter } : {} }, at);

  test('the same fetch (its fields in any order) before Retry-After fails; at it, passes; another fetch meanwhile is no retry', () => {
    const j = fetchServiceClientJudge({ baseUrl: base });
    j.observe(busy(0));
    j.observe(exchangeOf('POST', `${base}/v1/fetch`, { headers: json, body: '{"url":"https://other.example/"}' }, {}, 100));
    j.observe({ ...busy(1999), request: { ...busy(1999).request, body: '{"proxies":false,"url":"https://example.com/"}' } });
    j.observe(busy(5000, 429, new Date(7000).toUTCString()));
    j.observe(busy(7000, 200));
    const check = j.report().checks.find((c) => c.clause === 'FS-CLIENT-RETRY-AFTER')!;
    expect(check.finding!.headline).toBe('1 of 3 fetches after a 429 were sent again before Retry-After, or at once without one');
    expect(check.finding!.groups[0]!.examples[0]!.problem).toBe('sent again 1999 ms after the 429 of request #1, whose Retry-After (2) asked for 2000 ms');
  });
});

describe('FS-CLIENT-ROUTE: a route or method the service does not have, named with the operation meant', () => {
  test.each([
    ['POST /v1/fetch', 'POST', '/v1/fetch', 200, undefined],
    ['GET /v1/fetch?url=…', 'GET', '/v1/fetch?url=https%3A%2F%2Fexample.com%2F', 405, 'the app called GET /v1/fetch with the url in the query string; the operation is POST with a JSON body (answered 405)'],
    ['PUT /v1/fetch', 'PUT', '/v1/fetch', 405, 'the app called PUT /v1/fetch; the operation is POST with a JSON body (answered 405)'],
    ['POST /fetch', 'POST', '/fetch', 404, 'the app called POST /fetch: the service has no such route; the operation is POST /v1/fetch with a JSON body (answered 404)'],
    ['POST /v1/fetch/', 'POST', '/v1/fetch/', 404, 'the app called POST /v1/fetch/: the service has no such route; the operation is POST /v1/fetch with a JSON body (answered 404)'],
    ['POST /v2/pages', 'POST', '/v2/pages', 404, 'the app called POST /v2/pages: the service has no such route; its one operation is POST /v1/fetch with a JSON body (answered 404)'],
  ])('%s', (_, method, path, status, problem) => {
    const { problems, check } = judged('FS-CLIENT-ROUTE', { method, path, status }, { method: 'GET', path: '/healthz', headers: {} });
    expect(problems).toEqual(problem ? [problem] : []);
    expect(check.status).toBe(problem ? 'failed' : 'passed');
    expect(check.level).toBe('MUST');
  });
});

test('FS-CLIENT-ROUTE: what a browser asks for by itself beside the report (a favicon) is no request of the app', () => {
  const { check } = judged('FS-CLIENT-ROUTE', { method: 'GET', path: '/favicon.ico', headers: {}, status: 404 }, {});
  expect(check.status).toBe('passed');
  expect(check.finding).toBeUndefined();
});

describe('FS-CLIENT-NO-UNCHANGED-RESEND', () => {
  const error = (statusCode: number, message: string) => ({ statusCode, error: statusCode === 400 ? 'Bad Request' : statusCode === 502 ? 'Bad Gateway' : 'Gateway Timeout', message });
  const tooLarge = error(502, 'The fetched response is larger than 10485760 bytes. Fetch a more specific URL, or use a browser-session service to extract part of the content.');
  const tls = error(502, 'TLS certificate verification failed for the fetched host.');
  const unreachable = error(502, 'The fetched host could not be reached or did not answer with a valid HTTP response.');
  const badUrl = error(400, 'url must be a valid URI.');
  const ok = { id: 'f1', statusCode: 200, headers: {}, content: '', contentType: 'text/plain', encoding: 'utf-8' };
  test.each([
    ['a 502 (oversize) followed by a more specific URL', [['{"url":"https://example.com/big"}', 502, tooLarge], ['{"url":"https://example.com/big?part=1"}', 200, ok]], ['after-502'], []],
    ['a 502 (TLS) followed by allowInsecureSsl for the trusted host', [['{"url":"https://expired.example/"}', 502, tls], ['{"url":"https://expired.example/","allowInsecureSsl":true}', 200, ok]], ['after-502'], []],
    ['a 400 followed by a corrected body', [['{"url":"/page"}', 400, badUrl], ['{"url":"https://example.com/page"}', 200, ok]], ['after-400'], []],
    ['a 502 (oversize) sent again unchanged, its fields in another order', [['{"url":"https://example.com/big","proxies":false}', 502, tooLarge], ['{"proxies":false,"url":"https://example.com/big"}', 502, tooLarge]], ['after-502'], ['the fetch of request #1, answered 502, was sent again unchanged: the same request gets the same answer']],
    ['a 400 sent again unchanged', [['{"url":"/page"}', 400, badUrl], ['{"url":"/page"}', 400, badUrl]], ['after-400'], ['the fetch of request #1, answered 400, was sent again unchanged: the same request gets the same answer']],
    ['a 502 for an unreachable host, retried as it is (no guidance for it)', [['{"url":"https://down.example/"}', 502, unreachable], ['{"url":"https://down.example/"}', 200, ok]], [], []],
    ['a 504 retried as it is', [['{"url":"https://slow.example/"}', 504, error(504, 'The fetch timed out.')], ['{"url":"https://slow.example/"}', 200, ok]], [], []],
  ] as Array<[string, Array<[string, number, unknown]>, string[], string[]]>)('%s', (_, sent, paths, problems) => {
    const { check, problems: found } = judged('FS-CLIENT-NO-UNCHANGED-RESEND', ...sent.map(([body, status, answer]) => ({ body, status, answer })));
    expect(check.paths ?? []).toEqual(paths);
    expect(check.status).toBe(paths.length === 0 ? 'skipped' : problems.length ? 'failed' : 'passed');
    expect(found).toEqual(problems);
    expect(check.level).toBe('SHOULD');
  });

  test("another client's fetch after a 400 shows nothing of the refused client's course", () => {
    const other = { 'x-svc-api-key': 'another-key-never-shown', 'content-type': 'application/json' };
    const { check } = judged('FS-CLIENT-NO-UNCHANGED-RESEND', { body: '{"url":"/page"}', status: 400, answer: { statusCode: 400, error: 'Bad Request', message: 'url must be a valid URI.' } }, { headers: other, body: '{"url":"https://example.com/"}' });
    expect(check.status).toBe('skipped');
  });
});
