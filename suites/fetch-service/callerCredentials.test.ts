import { expect, test } from 'vitest';
import { callerCredentials, credentialsIn, noKeyToSearch } from './callerCredentials.ts';
import { secretSearch } from '../../src/rules/fetch-service/secretSearch.ts';

const request = (path: string, headers: Record<string, string | string[]>) => ({ method: 'GET', path, headers, listener: 'http' });

test('credentialsIn names where and how a credential reached the origin, never its value', () => {
  const { headers, credentials } = callerCredentials();
  const key = { name: 'the API key', search: secretSearch('conform-key-0123456789abcdef') };
  const all = [...credentials, key];
  const basicKey = Buffer.from('svc:conform-key-0123456789abcdef').toString('base64');
  expect(credentialsIn(request('/small?probe=x', { 'user-agent': 'fetcher', accept: '*/*' }), all)).toEqual([]);
  const found = credentialsIn(request(`/small?c=${headers.Cookie!.split('=')[1]}`, { authorization: `Basic ${basicKey}`, 'x-forwarded': [headers['Proxy-Authorization']!] }), all);
  expect(found).toEqual([
    "the caller's Cookie in the URL",
    "the caller's Proxy-Authorization in header x-forwarded (base64)",
    'the API key in header authorization (base64)',
  ]);
  expect(found.join()).not.toContain('conform-');
});

test('each run marks its credentials anew', () => {
  expect(callerCredentials().headers.Authorization).not.toBe(callerCredentials().headers.Authorization);
});

test('only a missing key is not searched for; a short one is, where it stands whole', () => {
  expect(noKeyToSearch(undefined)).toMatch(/not set/);
  expect(noKeyToSearch('k1')).toBe(false);
  const key = { name: 'the API key', search: secretSearch('k1') };
  expect(credentialsIn(request('/small?probe=k1x', { 'user-agent': 'k1-fetcher', 'accept-encoding': 'k1' }), [key])).toEqual([]);
  expect(credentialsIn(request('/small?probe=p&key=k1', { 'x-svc-api-key': 'k1' }), [key])).toEqual([
    'the API key in the URL (a query parameter)',
    'the API key in header x-svc-api-key (the whole value)',
  ]);
});
