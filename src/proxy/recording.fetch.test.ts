// `conform proxy fetch-service --record FILE --anonymize`, as a user runs it in front of the fetch mock:
// the pages fetched through it are in the file as a fetch mock's --pages reads them (status, headers,
// body, charset, an unfollowed redirect as a page that redirects), the service's errors are not, and the
// API key is in it nowhere, not even where a page echoed it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startFetchServiceMock } from '../../mocks/fetch-service/startFetchServiceMock.ts';
import { conformBin, exitOf, startServerCommand } from '../testing/startServerCommand.ts';
import type { PagesDocument } from './fetch-service/pageRecorder.ts';

const cleanUps: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanUps.splice(0)) await c();
});

test('the pages fetched through the proxy are recorded, secrets out; errors are not', async () => {
  const apiKey = `conform-record-${randomBytes(12).toString('hex')}`;
  const dir = await mkdtemp(join(tmpdir(), 'conform-record-'));
  cleanUps.push(() => rm(dir, { recursive: true, force: true }));
  const mock = await startFetchServiceMock({ apiKeys: [apiKey] });
  cleanUps.push(() => mock.close());
  const file = join(dir, 'pages.json');
  const args = ['proxy', 'fetch-service', '--target', mock.url, '--port', '0', '--record', file, '--anonymize'];
  const started = await startServerCommand([process.execPath, conformBin, ...args], /Recording what the deployment answers \(anonymized\)/, { env: { ...process.env, SVC_API_KEY: apiKey } });
  cleanUps.push(started.cleanUp);
  let output = '';
  started.launcher.stdout!.on('data', (d: string) => (output += d));
  const proxyUrl = `http://127.0.0.1:${started.ports[0]}`;

  const post = async (body: Record<string, unknown>) => {
    const res = await fetch(`${proxyUrl}/v1/fetch`, { method: 'POST', headers: { 'x-svc-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await res.arrayBuffer();
    return res.status;
  };
  // The mock stands a page of its own in for a public URL, and writes the URL into it: the key with it.
  const echoing = `https://pages.example/contact?key=${apiKey}`;
  expect([
    await post({ url: 'http://origin.conform.invalid/small' }),
    await post({ url: 'http://origin.conform.invalid/page/windows-1252' }),
    await post({ url: 'http://origin.conform.invalid/redirect/chain/1', allowRedirects: false }),
    await post({ url: echoing }),
    await post({ url: 'http://10.0.0.1/' }),
  ]).toEqual([200, 200, 200, 200, 403]);
  started.launcher.kill('SIGTERM');
  expect(await exitOf(started.launcher)).toEqual([0, null]);
  expect(output.split('\n')).toContain(`recorded 4 pages: ${file}`);
  expect(await readdir(dir)).toEqual(['pages.json']);

  const text = await readFile(file, 'utf8');
  expect(text).not.toContain(apiKey);
  const { pages } = JSON.parse(text) as PagesDocument;
  expect(pages.map((p) => p.url)).toEqual([
    'http://origin.conform.invalid/small',
    'http://origin.conform.invalid/page/windows-1252',
    'http://origin.conform.invalid/redirect/chain/1',
    'https://pages.example/contact?key=$SVC_API_KEY',
  ]);
  const [small, windows1252, redirect, echoed] = pages as [typeof pages[0], typeof pages[0], typeof pages[0], typeof pages[0]];
  expect(small).toMatchObject({ status: 200, charset: expect.any(String) });
  expect(small.body!.length).toBeGreaterThan(0);
  expect(small.headers['content-length']).toBeUndefined();
  expect(windows1252.charset).toBe('windows-1252');
  expect(redirect.status).toBeGreaterThanOrEqual(300);
  expect(redirect.status).toBeLessThan(400);
  expect(redirect.redirectTo).toMatch(/^http:\/\/origin\.conform\.invalid\//);
  expect(echoed.body).toContain('$SVC_API_KEY');
}, 60_000);
