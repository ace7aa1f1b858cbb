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

/** The fetch service's answer to POST /v1/fetch (specs/fetch-service.openapi.yaml), the fields compared. */
interface FetchResult {
  statusCode: number;
  headers: Record<string, string>;
  content: string;
  contentType: string;
  encoding: string;
}

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

  const fetched = new Map<string, FetchResult>();
  const post = async (body: { url: string; allowRedirects?: boolean }) => {
    const res = await fetch(`${proxyUrl}/v1/fetch`, { method: 'POST', headers: { 'x-svc-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status === 200) fetched.set(body.url, JSON.parse(text) as FetchResult);
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

  // Served again: `conform mock fetch-service --pages FILE` takes the recording as it is (readPagesFile's
  // checks), with a key of its own, and answers a fetch of a recorded page with the same content.
  const secondKey = `conform-second-${randomBytes(12).toString('hex')}`;
  const served = await startServerCommand([process.execPath, conformBin, 'mock', 'fetch-service', '--port', '0', '--pages', file], /Stop with Ctrl\+C/, { env: { ...process.env, SVC_API_KEY: secondKey } });
  cleanUps.push(served.cleanUp);
  const secondUrl = `http://127.0.0.1:${served.ports[0]}`;
  const listedPages = (await (await fetch(`${secondUrl}/__conform/pages`, { signal: AbortSignal.timeout(10_000) })).json()) as PagesDocument;
  expect(listedPages.pages.map((p) => p.url)).toEqual(pages.map((p) => p.url));
  const again = async (body: { url: string; allowRedirects?: boolean }) => {
    const res = await fetch(`${secondUrl}/v1/fetch`, { method: 'POST', headers: { 'x-svc-api-key': secondKey, 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
    expect(res.status, body.url).toBe(200);
    return (await res.json()) as FetchResult;
  };
  // A Location as the page's URL resolves it: the recording keeps it as redirectTo, which the mock answers absolute.
  const same = (url: string, r: FetchResult) => ({ statusCode: r.statusCode, content: r.content, contentType: r.contentType, encoding: r.encoding, location: r.headers.location === undefined ? undefined : new URL(r.headers.location, url).href });
  for (const url of ['http://origin.conform.invalid/small', 'http://origin.conform.invalid/page/windows-1252']) {
    expect(same(url, await again({ url })), url).toEqual(same(url, fetched.get(url)!));
  }
  const redirected = 'http://origin.conform.invalid/redirect/chain/1';
  const redirectAgain = await again({ url: redirected, allowRedirects: false });
  expect(same(redirected, redirectAgain)).toEqual(same(redirected, fetched.get(redirected)!));
  expect(redirectAgain.headers.location).toBe('http://origin.conform.invalid/redirect/chain/0');
  // The page that echoed the key is served with the placeholder where the key was, never the key.
  const echoedAgain = await again({ url: 'https://pages.example/contact?key=$SVC_API_KEY' });
  expect(echoedAgain.content).toContain('$SVC_API_KEY');
  expect(JSON.stringify(echoedAgain)).not.toContain(apiKey);
}, 60_000);
