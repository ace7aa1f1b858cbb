import type { RequestListener } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createTestCertificates } from '../testing/createTestCertificates.ts';
import { startLocalOrigin, type LocalOrigin } from '../testing/localOrigin.ts';
import { startTestProxy, type TestProxy } from '../testing/startTestProxy.ts';
import { startWalledFetchService, type WalledFetchService } from '../testing/startWalledFetchService.ts';

// proxies: true goes through the operator's proxy (FS-PROXIES-OPTION). The proxy here is a loopback test
// proxy that maps public.test to the local origins; the service sees public.test as a public host.
const PUBLIC = '93.184.216.34';
const hello: RequestListener = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('via somewhere');
};

let httpOrigin: LocalOrigin;
let httpsOrigin: LocalOrigin;
let proxy: TestProxy;
let svc: WalledFetchService;
let unconfigured: WalledFetchService;

beforeAll(async () => {
  const certs = await createTestCertificates(['public.test']);
  httpOrigin = await startLocalOrigin(hello);
  httpsOrigin = await startLocalOrigin(hello, { tls: certs.selfSigned });
  proxy = await startTestProxy({ hosts: { 'public.test': '127.0.0.1' } });
  const common = { hosts: { 'public.test': PUBLIC, 'internal.test': '10.1.2.3' }, standIns: { [PUBLIC]: '127.0.0.1' } };
  svc = await startWalledFetchService({ ...common, proxy: { httpProxy: proxy.url, httpsProxy: proxy.url, noProxy: '' } });
  unconfigured = await startWalledFetchService({ ...common, proxy: { httpProxy: '', httpsProxy: '' } });
});

afterEach(() => {
  svc.wall.assertNoViolations();
  unconfigured.wall.assertNoViolations();
  expect(proxy.refused).toEqual([]);
});

afterAll(async () => {
  await Promise.all([svc.close(), unconfigured.close()]);
  await Promise.all([httpOrigin.close(), httpsOrigin.close(), proxy.close()]);
});

describe('proxies option', () => {
  test('false or omitted: the proxy is not used', async () => {
    const before = proxy.requests.length;
    for (const body of [{}, { proxies: false }]) {
      const reply = await svc.call({ url: `${httpOrigin.urlFor('public.test')}/direct`, ...body });
      expect(reply.body).toMatchObject({ statusCode: 200, content: 'via somewhere' });
    }
    expect(proxy.requests.length).toBe(before);
  });

  test('true: a plain HTTP fetch is forwarded by the proxy', async () => {
    const url = `${httpOrigin.urlFor('public.test')}/forwarded`;
    const reply = await svc.call({ url, proxies: true });
    expect(reply.body).toMatchObject({ statusCode: 200, content: 'via somewhere' });
    expect(proxy.requests).toContainEqual({ method: 'GET', target: url });
    expect(svc.wall.dialled, 'the connection to the proxy goes through the dial too').toContain(new URL(proxy.url).host);
  });

  test('true: an HTTPS fetch goes through a CONNECT tunnel, TLS end to end', async () => {
    const reply = await svc.call({ url: `${httpsOrigin.urlFor('public.test')}/tunnelled`, proxies: true, allowInsecureSsl: true });
    expect(reply.body).toMatchObject({ statusCode: 200, content: 'via somewhere' });
    expect(proxy.requests).toContainEqual({ method: 'CONNECT', target: `public.test:${httpsOrigin.port}` });
  });

  test('true: TLS is still verified through the tunnel', async () => {
    const reply = await svc.call({ url: `${httpsOrigin.urlFor('public.test')}/`, proxies: true });
    expect(reply.status).toBe(502);
  });

  test('true: a private destination is refused before the proxy is asked', async () => {
    const before = proxy.requests.length;
    for (const url of ['http://internal.test/', 'http://169.254.169.254/', 'http://127.0.0.1:8080/']) {
      const reply = await svc.call({ url, proxies: true });
      expect(reply.status, url).toBe(403);
    }
    expect(proxy.requests.length).toBe(before);
  });

  test('true with no proxy configured fetches directly', async () => {
    const before = proxy.requests.length;
    const reply = await unconfigured.call({ url: `${httpOrigin.urlFor('public.test')}/`, proxies: true });
    expect(reply.body.statusCode).toBe(200);
    expect(proxy.requests.length).toBe(before);
  });
});
