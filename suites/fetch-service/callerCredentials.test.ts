import { expect, test } from 'vitest';
import { secretForms } from '../../src/harness/secretForms.ts';
import { callerCredentials, credentialsIn, unsearchableKey } from './callerCredentials.ts';

const request = (path: string, headers: Record<string, string | string[]>) => ({ method: 'GET', path, headers, listener: 'http' });

test('credentialsIn names where and how a credential reached the origin, never its value', () => {
  const { headers, credentials } = callerCredentials();
  const key = { name: 'the API key', forms: secretForms('conform-key-0123456789abcdef') };
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

test('a key too short to search for is said so, not searched', () => {
  expect(unsearchableKey(undefined)).toMatch(/not set/);
  expect(unsearchableKey('abc')).toMatch(/too short/);
  expect(unsearchableKey('conform-key-0123456789')).toBe(false);
});
