import { expect, test } from 'vitest';
import { startLocalOrigin } from './localOrigin.ts';
import { startWalledFetchService, TEST_API_KEY } from './startWalledFetchService.ts';

test('starts the reference behind the wall with a stub resolver and an in-memory log', async () => {
  const origin = await startLocalOrigin((_req, res) => res.end('farm page'));
  const svc = await startWalledFetchService({ hosts: { 'farm.test': '127.0.0.1' }, allowHosts: [`farm.test:${origin.port}`] });
  const reply = await svc.call({ url: `${origin.urlFor('farm.test')}/` });
  expect(reply).toMatchObject({ status: 200, body: { statusCode: 200, content: 'farm page' } });
  expect(svc.resolver.queries).toEqual(['farm.test']);
  expect(svc.log.map((e) => e.event)).toEqual(['listening', 'request']);
  expect(JSON.stringify(svc.log)).not.toContain(TEST_API_KEY);
  svc.wall.assertNoViolations();
  await svc.close();
  await origin.close();
});
