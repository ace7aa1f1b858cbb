import { ProxyAgent } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startLocalOrigin, type LocalOrigin } from './localOrigin.ts';
import { startTestProxy, type TestProxy } from './startTestProxy.ts';

let origin: LocalOrigin;
let proxy: TestProxy;

beforeAll(async () => {
  origin = await startLocalOrigin((req, res) => res.end(`origin got ${req.url}`));
  proxy = await startTestProxy({ hosts: { 'site.test': '127.0.0.1' } });
});
afterAll(async () => {
  await proxy.close();
  await origin.close();
});

test('forwards plain HTTP and tunnels CONNECT to loopback, recording both', async () => {
  for (const proxyTunnel of [false, true]) {
    const agent = new ProxyAgent({ uri: proxy.url, proxyTunnel });
    const res = await agent.request({ origin: origin.urlFor('site.test'), path: '/p', method: 'GET' });
    expect(await res.body.text()).toBe('origin got /p');
    await agent.close();
  }
  expect(proxy.requests).toEqual([
    { method: 'GET', target: `${origin.urlFor('site.test')}/p` },
    { method: 'CONNECT', target: `site.test:${origin.port}` },
  ]);
});

test('refuses a target outside loopback without connecting', async () => {
  const agent = new ProxyAgent({ uri: proxy.url });
  const res = await agent.request({ origin: 'http://example.com', path: '/', method: 'GET' });
  expect(res.statusCode).toBe(502);
  await res.body.dump();
  await expect(new ProxyAgent({ uri: proxy.url }).request({ origin: 'https://example.com', path: '/', method: 'GET' })).rejects.toThrow();
  expect(proxy.refused).toEqual(['http://example.com/', 'example.com:443']);
  await agent.close();
});
