import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { BufferBudget } from './BufferBudget.ts';
import { fetchPage, type FetchLimits } from './fetchPage.ts';
import type { HopOptions, OriginClient, OriginResponse } from './OriginClient.ts';
import { destinationRefused, fetchTimedOut, tlsVerificationFailed } from './ServiceError.ts';
import { validateFetchRequest } from './validateFetchRequest.ts';

/** A response as an origin client hands it over: headers in undici's shape, the body as a stream. */
interface Canned {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: Buffer | string;
}

/** An origin client answering from a table by URL, keeping the hops it was asked for and the bodies it gave. */
function tableClient(table: Record<string, Canned | (() => Promise<OriginResponse>)>, failure?: OriginClient['failure']) {
  const hops: Array<{ url: string; hop: HopOptions }> = [];
  const bodies: Readable[] = [];
  const client: OriginClient = {
    async request(url, hop) {
      hops.push({ url: url.href, hop });
      const entry = table[url.href];
      if (entry === undefined) throw destinationRefused();
      if (typeof entry === 'function') return entry();
      const body = Readable.from(entry.body === undefined ? [] : [Buffer.from(entry.body)]);
      bodies.push(body);
      return { statusCode: entry.status ?? 200, headers: { 'content-type': 'text/plain', ...entry.headers }, body };
    },
    ...(failure ? { failure } : {}),
  };
  return { client, hops, bodies };
}

const limits: FetchLimits = { maxBytes: 1000, maxRedirects: 3, timeoutMs: 5000 };
const fetchWith = (client: OriginClient, fields: Record<string, unknown>, signal = new AbortController().signal) =>
  fetchPage(validateFetchRequest(fields), { origins: client, limits, reservation: new BufferBudget(1e9).open(), deadline: 12_345 }, signal);

const redirect = (to: string, body = 'moving'): Canned => ({ status: 302, headers: { location: to }, body });

describe('the redirect loop', () => {
  test('a redirect is the result unless allowRedirects; with it, each hop is asked for in turn', async () => {
    const { client, hops } = tableClient({ 'http://o.test/a': redirect('/b'), 'http://o.test/b': redirect('c'), 'http://o.test/c': { body: 'landed' } });
    expect(await fetchWith(client, { url: 'http://o.test/a' })).toMatchObject({ statusCode: 302, content: 'moving', redirects: 0 });
    expect(await fetchWith(client, { url: 'http://o.test/a', allowRedirects: true })).toMatchObject({ statusCode: 200, content: 'landed', redirects: 2 });
    expect(hops.map((h) => h.url)).toEqual(['http://o.test/a', 'http://o.test/a', 'http://o.test/b', 'http://o.test/c']);
  });

  test('every hop carries the request\'s options, the signal and the deadline', async () => {
    const { client, hops } = tableClient({ 'https://o.test/a': redirect('/b'), 'https://o.test/b': {} });
    const signal = new AbortController().signal;
    await fetchWith(client, { url: 'https://o.test/a', allowRedirects: true, allowInsecureSsl: true, proxies: true }, signal);
    expect(hops.map((h) => h.hop)).toEqual([
      { insecure: true, proxies: true, signal, deadline: 12_345 },
      { insecure: true, proxies: true, signal, deadline: 12_345 },
    ]);
  });

  test('past maxRedirects hops it is a 502, and the last redirect\'s body is dropped unread', async () => {
    const chain = Object.fromEntries([1, 2, 3, 4].map((n) => [`http://o.test/${n}`, redirect(`/${n + 1}`)]));
    const { client, hops, bodies } = tableClient(chain);
    await expect(fetchWith(client, { url: 'http://o.test/1', allowRedirects: true })).rejects.toMatchObject({ status: 502, message: 'The fetched URL redirected more than 3 times.' });
    expect(hops).toHaveLength(4);
    expect(bodies.map((b) => b.destroyed)).toEqual([true, true, true, true]);
    expect(bodies.map((b) => b.readableEnded)).toEqual([true, true, true, false]);
  });

  test('a followed redirect\'s body is read to its end (its connection reusable); one past 64 KiB is cut', async () => {
    let pulled = 0;
    const endless = async function* () {
      for (;;) {
        pulled++;
        yield Buffer.alloc(16 * 1024, 0x61);
      }
    };
    const big = Readable.from(endless());
    const { client, bodies } = tableClient({
      'http://o.test/small': redirect('/big', 'a few bytes'),
      'http://o.test/big': async () => ({ statusCode: 302, headers: { location: '/declared' }, body: big }),
      'http://o.test/declared': { status: 302, headers: { location: '/end', 'content-length': String(1024 * 1024) }, body: 'x' },
      'http://o.test/end': {},
    });
    await fetchWith(client, { url: 'http://o.test/small', allowRedirects: true });
    expect(bodies[0]!.readableEnded).toBe(true);
    expect(big.destroyed).toBe(true);
    expect(pulled).toBeLessThan(10);
    expect(bodies[1]!.destroyed && !bodies[1]!.readableEnded).toBe(true);
  });

  test('a repeated Location names no one place: the response is the result', async () => {
    const { client, hops } = tableClient({ 'http://o.test/a': { status: 301, headers: { location: ['/b', '/c'] } } });
    expect(await fetchWith(client, { url: 'http://o.test/a', allowRedirects: true })).toMatchObject({ statusCode: 301, headers: { location: '/b, /c' } });
    expect(hops).toHaveLength(1);
  });

  test('only 301, 302, 303, 307 and 308 are followed', async () => {
    for (const status of [300, 304, 201]) {
      const { client } = tableClient({ 'http://o.test/a': { status, headers: { location: '/b' } }, 'http://o.test/b': {} });
      expect((await fetchWith(client, { url: 'http://o.test/a', allowRedirects: true })).statusCode, String(status)).toBe(status);
    }
  });

  test('a refused hop is the client\'s refusal', async () => {
    const { client } = tableClient({ 'http://o.test/a': redirect('http://elsewhere.test/') });
    await expect(fetchWith(client, { url: 'http://o.test/a', allowRedirects: true })).rejects.toMatchObject({ status: 403 });
  });
});

describe('the page', () => {
  test('headers folded, body decompressed and decoded, bytes counted as kept', async () => {
    const { client } = tableClient({
      'http://o.test/': { headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'x-two': ['a', 'b'] }, body: gzipSync('<p>caf\u00e9</p>') },
    });
    expect(await fetchWith(client, { url: 'http://o.test/' })).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'x-two': 'a, b' },
      content: '<p>caf\u00e9</p>',
      contentType: 'text/html',
      encoding: 'utf-8',
      redirects: 0,
      bytes: 12,
    });
  });

  test('a body past maxBytes is a 502', async () => {
    const { client } = tableClient({ 'http://o.test/': { body: 'x'.repeat(1001) } });
    await expect(fetchWith(client, { url: 'http://o.test/' })).rejects.toMatchObject({ status: 502, code: 'too_large' });
  });
});

describe('what a failure answers', () => {
  const failing = (err: unknown) => async (): Promise<OriginResponse> => Promise.reject(err);

  test('the reason the signal was aborted with comes first (the deadline, the caller gone, shutdown)', async () => {
    const controller = new AbortController();
    const reason = fetchTimedOut(5000);
    controller.abort(reason);
    const { client } = tableClient({ 'http://o.test/': failing(tlsVerificationFailed()) });
    await expect(fetchWith(client, { url: 'http://o.test/' }, controller.signal)).rejects.toBe(reason);
  });

  test('then a ServiceError the client threw, then what the client makes of its own error, else a plain 502', async () => {
    const own = tlsVerificationFailed();
    const translate = (err: unknown) => ((err as Error).message === 'known' ? own : undefined);
    const refused = tableClient({ 'http://o.test/': failing(destinationRefused()) }, translate).client;
    await expect(fetchWith(refused, { url: 'http://o.test/' })).rejects.toMatchObject({ status: 403 });
    const known = tableClient({ 'http://o.test/': failing(new Error('known')) }, translate).client;
    await expect(fetchWith(known, { url: 'http://o.test/' })).rejects.toBe(own);
    const unknown = tableClient({ 'http://o.test/': failing(new Error('ECONNRESET at 10.0.0.7')) }, translate).client;
    await expect(fetchWith(unknown, { url: 'http://o.test/' })).rejects.toMatchObject({ status: 502, code: 'upstream', message: expect.not.stringContaining('10.0.0.7') });
  });
});
