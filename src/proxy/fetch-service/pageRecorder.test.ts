// The page recorder fed exchanges as the proxy hands them over: pages as the fetch service answered them,
// redirects, binary bodies, and the near misses of a secret (the key echoed inside a page's body and in
// one of its headers, a cookie) that must not reach the file.
import { describe, expect, test } from 'vitest';
import type { ObservedExchange } from '../ObservedExchange.ts';
import { pageRecorder, type PagesDocument } from './pageRecorder.ts';

const target = 'https://fetch.service.test';
const apiKey = 'svc-key-recorded-0123456789';

function fetched(body: Record<string, unknown>, result: Record<string, unknown> | string, status = 200): ObservedExchange {
  return {
    request: { method: 'POST', origin: target, path: '/v1/fetch', query: '', headers: { 'x-svc-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) },
    answer: { status, headers: { 'content-type': 'application/json' }, body: typeof result === 'string' ? result : JSON.stringify(result) },
    receivedAt: 0,
    answeredAt: 0,
  };
}

const html = '<!doctype html><p>Write to Ada.Owner@Example.com</p>';

function session(): ObservedExchange[] {
  return [
    fetched({ url: 'https://pages.test/a' }, { id: 'r1', statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'session=abc123', 'x-echo-key': apiKey, 'content-encoding': 'gzip', 'content-length': '40' }, content: html, contentType: 'text/html', encoding: 'utf-8' }),
    fetched({ url: 'https://pages.test/key', allowRedirects: false }, { id: 'r2', statusCode: 200, headers: { 'content-type': 'text/plain' }, content: `the key is ${apiKey.toUpperCase()} and ${encodeURIComponent(apiKey)}`, contentType: 'text/plain', encoding: 'windows-1252' }),
    fetched({ url: 'https://pages.test/moved', allowRedirects: false }, { id: 'r3', statusCode: 302, headers: { location: '/a' }, content: '', contentType: '', encoding: 'utf-8' }),
    fetched({ url: 'https://pages.test/logo.png' }, { id: 'r4', statusCode: 200, headers: { 'content-type': 'image/png' }, content: Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64'), contentType: 'image/png', encoding: 'base64' }),
    // Not recorded: the service's own error, a result not in its shape.
    fetched({ url: 'http://10.0.0.1/' }, { statusCode: 403, error: 'Forbidden', message: 'destination not permitted' }, 403),
    fetched({ url: 'https://pages.test/b' }, { id: 'r5', statusCode: '200' }),
  ];
}

function recorded(anonymize = false): { document: PagesDocument; summary: string } {
  const recorder = pageRecorder({ target, anonymize });
  for (const x of session()) recorder.observe(x);
  return { document: recorder.document() as PagesDocument, summary: recorder.summary() };
}

describe('pageRecorder', () => {
  test('each fetch answered is a page: status, headers, body or bodyBase64, charset; an unfollowed redirect redirects', () => {
    const { document, summary } = recorded();
    expect(document.pages.map((p) => p.url)).toEqual(['https://pages.test/a', 'https://pages.test/key', 'https://pages.test/moved', 'https://pages.test/logo.png']);
    expect(document.pages[0]).toEqual({ url: 'https://pages.test/a', status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'x-echo-key': '$SVC_API_KEY' }, body: html, charset: 'utf-8' });
    expect(document.pages[1]!.charset).toBe('windows-1252');
    // Its Location is the redirectTo (the mock answers Location from it), not a header beside it.
    expect(document.pages[2]).toEqual({ url: 'https://pages.test/moved', status: 302, headers: {}, body: '', charset: 'utf-8', redirectTo: 'https://pages.test/a' });
    expect(document.pages[3]).toEqual({ url: 'https://pages.test/logo.png', status: 200, headers: { 'content-type': 'image/png' }, bodyBase64: 'iVBORw==' });
    expect(summary).toBe("4 pages, 1 answer not in the service's shape skipped");
  });

  test('no secret reaches the document: cookies, the key in a header and in a body, in another case and percent-encoded', () => {
    const text = JSON.stringify(recorded().document);
    expect(text).not.toContain('session=abc123');
    expect(text).not.toContain('set-cookie');
    expect(text.toLowerCase()).not.toContain(apiKey.toLowerCase());
    expect(text).toContain('the key is [$SVC_API_KEY in another case] and $SVC_API_KEY');
  });

  test('--anonymize: e-mail addresses in bodies replaced, the same in any case', () => {
    const { document } = recorded(true);
    expect(document.pages[0]!.body).toBe('<!doctype html><p>Write to user1@example.invalid</p>');
  });

  test('bounded: a body past 10 MiB is counted, not kept; a URL fetched again is kept as last answered', () => {
    const recorder = pageRecorder({ target });
    recorder.observe(fetched({ url: 'https://pages.test/big' }, { id: 'x', statusCode: 200, headers: {}, content: 'x'.repeat(10 * 1024 * 1024 + 1), contentType: 'text/plain', encoding: 'utf-8' }));
    recorder.observe(fetched({ url: 'https://pages.test/a' }, { id: 'y', statusCode: 200, headers: {}, content: 'first', contentType: 'text/plain', encoding: 'utf-8' }));
    recorder.observe(fetched({ url: 'https://pages.test/a' }, { id: 'z', statusCode: 200, headers: {}, content: 'second', contentType: 'text/plain', encoding: 'utf-8' }));
    expect((recorder.document() as PagesDocument).pages.map((p) => p.body)).toEqual(['second']);
    expect(recorder.summary()).toMatch(/^1 page, 1 with a body past 10 MiB/);
  });
});
