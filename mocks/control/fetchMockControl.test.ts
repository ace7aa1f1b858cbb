// The typed fetch-mock control client against a running fetch mock over real HTTP on loopback.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFetchServiceMock, type FetchServiceMockServer } from '../fetch-service/startFetchServiceMock.ts';
import { fetchMockControl } from './fetchMockControl.ts';

const key = 'typed-client-key-0123456789';
let server: FetchServiceMockServer;
beforeAll(async () => {
  server = await startFetchServiceMock({ apiKeys: [key] });
});
afterAll(() => server.close());

const fetchPage = (url: string) =>
  fetch(`${server.url}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': key }, body: JSON.stringify({ url }) });

test('a page put at a URL, a one-shot 503, and a reset, typed', async () => {
  const control = fetchMockControl(server.url);
  const added = await control.POST('/__conform/pages', { body: { url: 'https://news.example/article', body: '<h1>Typed</h1>' } });
  expect(added.response.status).toBe(201);
  const fetched = await fetchPage('https://news.example/article');
  expect(fetched.status).toBe(200);
  expect(JSON.stringify(await fetched.json())).toContain('Typed');

  expect((await control.POST('/__conform/faults', { body: { operation: 'fetchPage', then: { status: 503 } } })).response.status).toBe(201);
  expect((await fetchPage('https://news.example/article')).status).toBe(503);

  const listed = await control.GET('/__conform/pages');
  expect(listed.data?.pages.map((p) => ('url' in p ? p.url : undefined))).toContain('https://news.example/article');
  await control.POST('/__conform/reset');
  expect((await control.GET('/__conform/pages')).data?.pages).toEqual([]);
  const bad = await control.POST('/__conform/pages', { body: { url: 'https://news.example/x', status: 600 } });
  expect(bad.response.status).toBe(400);
  expect(bad.error?.field).toBe('status');
});
