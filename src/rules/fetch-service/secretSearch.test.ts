import { describe, expect, test } from 'vitest';
import { secretSearch } from './secretSearch.ts';

describe('secretSearch: a long secret, anywhere', () => {
  const secret = 'conform-key-0123456789abcdef';
  const search = secretSearch(secret);

  test('as is, percent-encoded or inside base64, in any place', () => {
    expect(search.header('x-debug', `seen ${secret}.`)).toBe('as is');
    expect(search.url(`/small?k=${encodeURIComponent(`${secret}/`)}`)).toBe('as is');
    expect(search.header('authorization', `Basic ${Buffer.from(`svc:${secret}`).toString('base64')}`)).toBe('base64');
    expect(search.body(`{"message":"no page for ${secret}"}`, undefined)).toBe('as is');
  });

  test('not a part of it', () => {
    expect(search.header('x-debug', secret.slice(1))).toBeUndefined();
    expect(search.body(secret.slice(0, -1), undefined)).toBeUndefined();
  });
});

describe('secretSearch: a short secret, where it stands whole', () => {
  const secret = 'k1';
  const search = secretSearch(secret);
  const result = (content: string, headers: Record<string, string> = {}) => ({ id: 'f1', statusCode: 200, headers, content, contentType: 'text/html', encoding: 'utf-8' });

  test('found as a header value, list member, parameter or credentials, base64 ones decoded', () => {
    expect(search.header('x-svc-api-key', 'k1')).toBe('the whole value');
    expect(search.header('x-echo', 'a, k1')).toBe('the whole value');
    expect(search.header('set-cookie', 'key=k1; Path=/')).toBe('a parameter');
    expect(search.header('authorization', 'Bearer k1')).toBe('as credentials');
    expect(search.header('authorization', `Basic ${Buffer.from('svc:k1').toString('base64')}`)).toBe('base64');
    expect(search.header('x-key', Buffer.from('k1').toString('base64'))).toBe('base64');
  });

  test('found in a query parameter, a whole JSON string, a quoted or named word of a message', () => {
    expect(search.url('/small?probe=p&api_key=k1')).toBe('a query parameter');
    expect(search.url('/small?probe=p&api_key=k%31')).toBe('a query parameter');
    expect(search.body('{"headers":{"x-svc-api-key":"k1"}}', { headers: { 'x-svc-api-key': 'k1' } })).toBe('a whole JSON string');
    expect(search.body('', { statusCode: 401, message: "Unknown API key 'k1'." })).toBe('quoted in its text');
    expect(search.body('', { statusCode: 400, message: 'url is required (request made with API key k1)' })).toBe('named in its text');
    expect(search.body('', { message: 'fetch of http://a.test/?key=k1 failed' })).toBe('named in its text');
    expect(search.body('Bad key: k1', undefined)).toBe('named in its text');
    expect(search.body('', result('<p>k1</p>', { 'x-svc-api-key': 'k1' }))).toBe("the result's header x-svc-api-key (the whole value)");
  });

  test('not where it turns up by chance: inside a fetched page, a longer word, a number or a date header, a path', () => {
    expect(search.body('', result('<h1>k1 results</h1><p>"k1"</p> key=k1'))).toBeUndefined();
    expect(search.body('', { statusCode: 400, message: 'k10 is not k1x, and rank1 neither.' })).toBeUndefined();
    expect(search.header('x-request-id', 'k1a2-77')).toBeUndefined();
    expect(search.url('/k1/small?probe=k1x')).toBeUndefined();
    const digits = secretSearch('12');
    expect(digits.header('content-length', '12')).toBeUndefined();
    expect(digits.body('', { statusCode: 200, headers: { 'content-length': '12' }, content: '12 items', contentType: 'text/plain', encoding: 'utf-8' })).toBeUndefined();
    expect(digits.body('', { statusCode: 404, error: 'Not Found', message: 'The page at /12 was not found.' })).toBeUndefined();
  });

  test('the scope says how it was searched, and the key is never in it', () => {
    expect(search.scope).toMatch(/^a key of 2 characters \(under 8\) is searched for where it stands whole/);
    expect(search.scope).not.toContain('k1');
  });
});
