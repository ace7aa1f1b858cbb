import { describe, expect, test } from 'vitest';
import { createStubResolver } from './stubResolver.ts';
import { DestinationPolicy } from './DestinationPolicy.ts';
import { ServiceError } from './core/ServiceError.ts';

const resolver = createStubResolver({
  'public.test': '93.184.216.34',
  'dual.test': ['93.184.216.34', '2606:4700::1'],
  'private.test': '192.168.1.10',
  'farm.test': '127.0.0.1',
  'empty.test': [],
});
const policy = new DestinationPolicy(['farm.test', '127.0.0.1:8443'], resolver.resolve);

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof ServiceError ? err.code : 'not a ServiceError';
  }
  return undefined;
}

describe('checkUrl: the destination rule (core/destinationRule.ts) with the operator allowlist', () => {
  test.each([
    ['http://public.test/', undefined],
    ['http://127.0.0.1:8443/', undefined],
    ['http://farm.test:1234/', undefined],
    ['http://127.0.0.1:8444/', 'destination_refused'],
    ['http://localhost/', 'destination_refused'],
    ['ftp://farm.test/', 'destination_refused'],
  ])('%s', (url, code) => {
    expect(codeOf(() => policy.checkUrl(new URL(url), false))).toBe(code);
  });

  test('with allowInsecureSsl, an allowlisted destination passes and another local one is refused as insecure', () => {
    expect(codeOf(() => policy.checkUrl(new URL('https://127.0.0.1:8443/'), true))).toBeUndefined();
    expect(codeOf(() => policy.checkUrl(new URL('https://10.0.0.1/'), true))).toBe('insecure_refused');
  });
});

describe('addressesFor: the answers a connection may dial', () => {
  test('public answers pass, in the order given', async () => {
    expect(await policy.addressesFor('dual.test', 443, false)).toEqual(['93.184.216.34', '2606:4700::1']);
  });

  test('an IP literal is checked without a lookup', async () => {
    const before = resolver.queries.length;
    expect(await policy.addressesFor('93.184.216.34', 80, false)).toEqual(['93.184.216.34']);
    await expect(policy.addressesFor('169.254.169.254', 80, false)).rejects.toMatchObject({ code: 'destination_refused' });
    expect(resolver.queries.length).toBe(before);
  });

  test('a name resolving to a private address is refused', async () => {
    await expect(policy.addressesFor('private.test', 80, false)).rejects.toMatchObject({ status: 403 });
    await expect(policy.addressesFor('private.test', 443, true)).rejects.toMatchObject({ status: 400, code: 'insecure_refused' });
  });

  test('an allowlisted name passes whatever it resolves to', async () => {
    expect(await policy.addressesFor('farm.test', 80, true)).toEqual(['127.0.0.1']);
  });

  test('a name that does not resolve, or resolves to nothing, is a 502', async () => {
    await expect(policy.addressesFor('nowhere.test', 80, false)).rejects.toMatchObject({ status: 502 });
    await expect(policy.addressesFor('empty.test', 80, false)).rejects.toMatchObject({ status: 502 });
  });
});
