import { Agent } from 'undici';
import { expect, test } from 'vitest';
import { createLoopbackOnlyDial } from '../fetch-service/loopbackOnlyDial.ts';
import { startLocalOrigin } from './localOrigin.ts';

test('serves on loopback and records requests', async () => {
  const origin = await startLocalOrigin((req, res) => res.end(`you asked for ${req.url}`));
  expect(origin.url).toBe(`http://127.0.0.1:${origin.port}`);
  expect(origin.urlFor('farm.test')).toBe(`http://farm.test:${origin.port}`);
  expect(origin.urlFor('::1')).toBe(`http://[::1]:${origin.port}`);
  const agent = createLoopbackOnlyDial().agent();
  const res = await agent.request({ origin: origin.url, path: '/x?y=1', method: 'GET' });
  expect(await res.body.text()).toBe('you asked for /x?y=1');
  expect(origin.requests).toMatchObject([{ method: 'GET', url: '/x?y=1' }]);
  await agent.close();
  await origin.close();
});

test('serves HTTPS with the given certificate', async () => {
  const { createTestCertificates } = await import('./createTestCertificates.ts');
  const certs = await createTestCertificates(['localhost']);
  const origin = await startLocalOrigin((_req, res) => res.end('tls'), { tls: certs.issued });
  expect(origin.url.startsWith('https://')).toBe(true);
  const agent = new Agent({ connect: createLoopbackOnlyDial().dial({ ca: [certs.ca] }) });
  const res = await agent.request({ origin: origin.url, path: '/', method: 'GET' });
  expect(await res.body.text()).toBe('tls');
  await agent.close();
  await origin.close();
});
