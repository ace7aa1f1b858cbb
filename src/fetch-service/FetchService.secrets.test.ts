// What the reference gives away: nothing of the caller's reaches an origin on any hop (FS-SEC-KEY-FORWARD,
// FS-SEC-CALLER-HEADERS), and the key is in no reply and no log line (FS-SEC-KEY-ECHO).
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { findSecret, secretForms } from '../exchange/secretForms.ts';
import { startLocalOrigin, type LocalOrigin } from '../testing/localOrigin.ts';
import { startWalledFetchService, TEST_API_KEY, type WalledFetchService } from '../testing/startWalledFetchService.ts';

let origin: LocalOrigin;
let other: LocalOrigin;
let svc: WalledFetchService;

/** Everything a caller could try to have passed on, each value marked. */
const callerHeaders = {
  authorization: 'Bearer caller-token-0123456789',
  cookie: 'session=caller-cookie-0123456789',
  'proxy-authorization': `Basic ${Buffer.from('user:caller-proxy-0123456789').toString('base64')}`,
  'x-forwarded-for': '203.0.113.9',
  'x-caller-secret': 'caller-secret-0123456789',
  referer: 'https://caller.example/secret-page',
};

/** The only headers the reference sends an origin: its own, never one derived from the caller's request. */
const ownHeaders = ['accept', 'accept-encoding', 'connection', 'host', 'user-agent'];

beforeAll(async () => {
  other = await startLocalOrigin((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('other origin'));
  origin = await startLocalOrigin((req, res) => {
    const url = new URL(req.url ?? '/', 'http://origin');
    if (url.pathname === '/same') return void res.writeHead(307, { location: '/page' }).end();
    if (url.pathname === '/cross') return void res.writeHead(302, { location: `${other.url}/page` }).end();
    if (url.pathname === '/reset') return void req.socket.destroy();
    res.writeHead(200, { 'content-type': 'text/plain' }).end('page');
  });
  svc = await startWalledFetchService({ allowHosts: [`127.0.0.1:${origin.port}`, `127.0.0.1:${other.port}`] });
});

afterEach(() => svc.wall.assertNoViolations());
afterAll(async () => {
  await svc.close();
  await origin.close();
  await other.close();
});

describe('the caller\'s secrets and headers', () => {
  test('no origin receives a header of the caller, the key included, on the first hop or any redirect hop', async () => {
    for (const path of ['/page', '/same', '/cross']) {
      const reply = await svc.call({ url: `${origin.url}${path}`, allowRedirects: true }, { headers: callerHeaders });
      expect(reply.status, path).toBe(200);
    }
    const hops = [...origin.requests, ...other.requests];
    // /page; /same and its hop to /page; /cross and its hop to the other origin.
    expect(hops).toHaveLength(5);
    for (const hop of hops) expect(Object.keys(hop.headers).sort(), hop.url).toEqual(ownHeaders);
  });

  test('the key is in no reply and no log line, whatever the outcome', async () => {
    const calls: Array<Parameters<WalledFetchService['call']>> = [
      [{ url: `${origin.url}/page` }],
      [{ url: `${origin.url}/same`, allowRedirects: true }],
      [{ url: `${origin.url}/reset` }],
      [{ url: 'file:///etc/passwd' }],
      [{}],
      [undefined, { rawBody: 'not json' }],
      [{ url: `${origin.url}/page` }, { key: null, headers: { authorization: `Bearer ${TEST_API_KEY}` } }],
      [{ url: `${origin.url}/page` }, { path: '/v1/other' }],
      [{ url: `${origin.url}/page` }, { headers: { 'content-type': 'text/plain' } }],
    ];
    const forms = secretForms(TEST_API_KEY);
    const statuses: number[] = [];
    for (const [body, options] of calls) {
      const reply = await svc.call(body, options);
      statuses.push(reply.status);
      expect(findSecret(`${JSON.stringify(reply.headers)}\n${reply.text}`, forms), JSON.stringify(body)).toBeUndefined();
    }
    expect(statuses).toEqual([200, 200, 502, 400, 400, 400, 401, 404, 415]);
    expect(findSecret(JSON.stringify(svc.log), forms)).toBeUndefined();
  });
});
