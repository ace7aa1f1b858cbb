import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startLocalOrigin, type LocalOrigin } from '../testing/localOrigin.ts';
import { startWalledFetchService, TEST_API_KEY, type WalledFetchService } from '../testing/startWalledFetchService.ts';

let origin: LocalOrigin;
let svc: WalledFetchService;
let page: (path: string) => string;

beforeAll(async () => {
  origin = await startLocalOrigin((req, res) => {
    const url = new URL(req.url ?? '/', 'http://origin');
    switch (url.pathname) {
      case '/hello':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-custom': 'yes' });
        return void res.end('<p>héllo</p>');
      case '/missing':
        res.writeHead(404, { 'content-type': 'text/plain' });
        return void res.end('not here');
      case '/multi':
        res.setHeader('set-cookie', ['a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT', 'b=2']);
        res.setHeader('x-multi', ['one', 'two']);
        res.setHeader('content-type', 'text/plain');
        return void res.end('ok');
      case '/gzip':
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-encoding': 'gzip' });
        return void res.end(gzipSync('compressed ✓'));
      case '/png':
        res.writeHead(200, { 'content-type': 'image/png' });
        return void res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]));
      case '/redirect':
        res.writeHead(302, { location: '/hello', 'content-type': 'text/plain' });
        return void res.end('moved');
      case '/cp1252':
        res.writeHead(200, { 'content-type': 'text/plain; charset=windows-1252' });
        return void res.end(Buffer.from(Array.from({ length: 32 }, (_, i) => 0x80 + i)));
      case '/sjis-meta':
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end(Buffer.concat([Buffer.from('<meta charset="shift_jis">'), Buffer.from([0x93, 0xfa, 0x96, 0x7b])]));
      case '/bom':
        res.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' });
        return void res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>€</p>')]));
      case '/undeclared-latin1':
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end(Buffer.from([0x3c, 0x70, 0x3e, 0x63, 0x61, 0x66, 0xe9]));
      case '/echo-headers':
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify(req.headers));
      default:
        res.writeHead(500).end();
    }
  });
  svc = await startWalledFetchService({ allowHosts: [`127.0.0.1:${origin.port}`] });
  page = (path) => `${origin.url}${path}`;
});

afterEach(() => svc.wall.assertNoViolations());
afterAll(async () => {
  await svc.close();
  await origin.close();
});

describe('authentication (FS-AUTH-REQUIRED)', () => {
  test('a missing key gets 401 with the error body and nothing is fetched', async () => {
    const before = origin.requests.length;
    const reply = await svc.call({ url: page('/hello') }, { key: null });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
    expect(reply.headers['www-authenticate']).toContain('X-SVC-API-Key');
    expect(origin.requests.length).toBe(before);
  });

  test('a wrong key, or a prefix of a right one, gets 401', async () => {
    for (const key of ['wrong', TEST_API_KEY.slice(0, -1), `${TEST_API_KEY}x`, '']) {
      const reply = await svc.call({ url: page('/hello') }, { key });
      expect(reply.status, key).toBe(401);
    }
  });

  test('the key never appears in the reply or the log', async () => {
    const reply = await svc.call({ url: page('/hello') }, { key: `${TEST_API_KEY}-not` });
    expect(reply.text).not.toContain(TEST_API_KEY);
    expect(JSON.stringify(svc.log)).not.toContain(TEST_API_KEY);
  });
});

describe('request validation (FS-400-URL, FS-400-TYPE, FS-400-BODY)', () => {
  test.each([
    ['absent url', {}],
    ['url not a string', { url: 42 }],
    ['url null', { url: null }],
    ['relative url', { url: '/hello' }],
    ['no scheme', { url: 'example.com/page' }],
    ['not a URI', { url: 'not a url' }],
    ['ftp scheme', { url: 'ftp://example.com/' }],
    ['file scheme', { url: 'file:///etc/passwd' }],
    ['javascript scheme', { url: 'javascript:alert(1)' }],
    ['missing slashes', { url: 'http:example.com' }],
    ['whitespace inside', { url: 'http://exa mple.com/' }],
    ['leading space', { url: ' http://example.com/' }],
    ['empty host', { url: 'http:///path' }],
    ['credentials', { url: 'http://user:pass@example.com/' }],
    ['too long', { url: `http://example.com/${'a'.repeat(9000)}` }],
  ])('%s gets 400', async (_name, body) => {
    const reply = await svc.call(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
  });

  test.each([
    ['allowRedirects', 'yes'],
    ['allowRedirects', 1],
    ['allowRedirects', null],
    ['allowInsecureSsl', 'true'],
    ['allowInsecureSsl', 0],
    ['proxies', 'false'],
    ['proxies', {}],
  ])('%s = %j gets 400', async (name, value) => {
    const reply = await svc.call({ url: page('/hello'), [name]: value });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(name);
  });

  test.each([
    ['not JSON', '{"url": '],
    ['an array', '[]'],
    ['a string', '"http://example.com/"'],
    ['null', 'null'],
    ['a number', '7'],
    ['not UTF-8', Buffer.from([0x7b, 0xff, 0x7d]).toString('latin1')],
  ])('a body that is %s gets 400', async (_name, rawBody) => {
    const reply = await svc.call(undefined, { rawBody });
    expect(reply.status).toBe(400);
  });

  test('a body over 64 KiB gets 400 without being read to the end', async () => {
    const reply = await svc.call(undefined, { rawBody: JSON.stringify({ url: page('/hello'), pad: 'x'.repeat(70_000) }) });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/at most/);
  });

  test('a non-JSON content type gets 415', async () => {
    const reply = await svc.call({ url: page('/hello') }, { headers: { 'content-type': 'text/plain' } });
    expect(reply.status).toBe(415);
    expect(reply.body.error).toBe('Unsupported Media Type');
  });

  test('the url is never echoed in an error message', async () => {
    const reply = await svc.call({ url: 'http://user:secret-token@example.com/' });
    expect(reply.text).not.toContain('secret-token');
  });
});

describe('routing', () => {
  test('unknown paths get JSON 404', async () => {
    const reply = await svc.call({}, { path: '/v2/fetch' });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ statusCode: 404, error: 'Not Found', message: expect.any(String) });
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
  });

  test('other methods on /v1/fetch get JSON 405 with Allow', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const reply = await svc.call(undefined, { method });
      expect(reply.status, method).toBe(405);
      expect(reply.body.error).toBe('Method Not Allowed');
      expect(reply.headers.allow).toBe('POST');
    }
  });

  test('a query string on /v1/fetch is ignored', async () => {
    const reply = await svc.call({ url: page('/hello') }, { path: '/v1/fetch?x=1' });
    expect(reply.status).toBe(200);
  });

  test('GET /healthz needs no key', async () => {
    const reply = await svc.call(undefined, { method: 'GET', path: '/healthz', key: null });
    expect(reply).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});

describe('fetch result (FS-RESULT-SHAPE and kin)', () => {
  test('a page is returned with every field of the result', async () => {
    const reply = await svc.call({ url: page('/hello') });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.body).toEqual({
      id: expect.any(String),
      statusCode: 200,
      headers: expect.objectContaining({ 'content-type': 'text/html; charset=utf-8', 'x-custom': 'yes' }),
      content: '<p>héllo</p>',
      contentType: 'text/html',
      encoding: 'utf-8',
    });
    expect(reply.headers['x-request-id']).toBe(reply.body.id);
  });

  test('ids are unique per request', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, () => svc.call({ url: page('/hello') })));
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(8);
  });

  test("an origin's error status is reported, not turned into an error", async () => {
    const reply = await svc.call({ url: page('/missing') });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ statusCode: 404, content: 'not here', contentType: 'text/plain' });
  });

  test('repeated headers are joined, set-cookie with newlines', async () => {
    const reply = await svc.call({ url: page('/multi') });
    expect(reply.body.headers?.['x-multi']).toBe('one, two');
    expect(reply.body.headers?.['set-cookie']).toBe('a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT\nb=2');
    for (const name of Object.keys(reply.body.headers ?? {})) expect(name).toBe(name.toLowerCase());
  });

  test('a gzip body is decompressed', async () => {
    const reply = await svc.call({ url: page('/gzip') });
    expect(reply.body).toMatchObject({ content: 'compressed ✓', encoding: 'utf-8' });
  });

  test('a binary body comes back as base64', async () => {
    const reply = await svc.call({ url: page('/png') });
    expect(reply.body).toMatchObject({ contentType: 'image/png', encoding: 'base64' });
    expect(Buffer.from(reply.body.content ?? '', 'base64')).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]));
  });

  test('the origin sees neither the API key nor any header of the caller', async () => {
    const reply = await svc.call({ url: page('/echo-headers') }, { headers: { cookie: 'caller-cookie=1', authorization: 'Bearer caller' } });
    const seen = JSON.parse(reply.body.content ?? '{}') as Record<string, string>;
    expect(seen['x-svc-api-key']).toBeUndefined();
    expect(seen.cookie).toBeUndefined();
    expect(seen.authorization).toBeUndefined();
    expect(seen['user-agent']).toMatch(/^conform-fetch-service\//);
  });

  test('unknown request fields are ignored', async () => {
    const reply = await svc.call({ url: page('/hello'), timeout: 1 });
    expect(reply.status).toBe(200);
  });
});

describe('encoding (FS-ENCODING)', () => {
  test('windows-1252 from the header, 0x80-0x9F included', async () => {
    const reply = await svc.call({ url: page('/cp1252') });
    expect(reply.body).toMatchObject({ encoding: 'windows-1252', contentType: 'text/plain' });
    expect(reply.body.content).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ');
  });

  test('shift_jis from <meta>', async () => {
    const reply = await svc.call({ url: page('/sjis-meta') });
    expect(reply.body).toMatchObject({ encoding: 'shift_jis', content: '<meta charset="shift_jis">日本' });
  });

  test('a BOM overrides the header', async () => {
    const reply = await svc.call({ url: page('/bom') });
    expect(reply.body).toMatchObject({ encoding: 'utf-8', content: '<p>€</p>' });
  });

  test('undeclared and not UTF-8: windows-1252', async () => {
    const reply = await svc.call({ url: page('/undeclared-latin1') });
    expect(reply.body).toMatchObject({ encoding: 'windows-1252', content: '<p>café' });
  });
});

describe('redirects (FS-REDIRECT-DEFAULT, FS-REDIRECT-FOLLOW)', () => {
  test('not followed by default: the 3xx is the result', async () => {
    const reply = await svc.call({ url: page('/redirect') });
    expect(reply.body).toMatchObject({ statusCode: 302, content: 'moved' });
    expect(reply.body.headers?.location).toBe('/hello');
  });

  test('not followed when allowRedirects is false', async () => {
    const reply = await svc.call({ url: page('/redirect'), allowRedirects: false });
    expect(reply.body.statusCode).toBe(302);
  });

  test('followed when allowRedirects is true', async () => {
    const reply = await svc.call({ url: page('/redirect'), allowRedirects: true });
    expect(reply.body).toMatchObject({ statusCode: 200, content: '<p>héllo</p>' });
  });
});

describe('access log', () => {
  test('one JSON-serialisable line per request, with key number and target origin only', async () => {
    await svc.call({ url: `${page('/hello')}?token=abc123` });
    const entry = svc.log.at(-1);
    expect(entry).toMatchObject({ event: 'request', method: 'POST', path: '/v1/fetch', status: 200, key: 1, target: origin.url, upstreamStatus: 200 });
    expect(JSON.stringify(entry)).not.toContain('abc123');
  });
});
