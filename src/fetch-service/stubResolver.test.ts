import { describe, expect, test } from 'vitest';
import { createStubResolver } from './stubResolver.ts';

describe('createStubResolver', () => {
  test('answers from its table, with families, case-insensitively, trailing dot ignored', async () => {
    const resolver = createStubResolver({ 'a.test': ['127.0.0.1', '::1'], 'B.test': '10.0.0.1' });
    expect(await resolver.resolve('a.test')).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect(await resolver.resolve('b.TEST.')).toEqual([{ address: '10.0.0.1', family: 4 }]);
    expect(resolver.queries).toEqual(['a.test', 'b.test']);
  });

  test('an unknown name fails with ENOTFOUND', async () => {
    await expect(createStubResolver().resolve('example.com')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  test('an answer can change per query (rebinding) or be replaced', async () => {
    const resolver = createStubResolver({ 'r.test': (call) => (call === 0 ? '93.184.216.34' : '127.0.0.1') });
    expect((await resolver.resolve('r.test'))[0]?.address).toBe('93.184.216.34');
    expect((await resolver.resolve('r.test'))[0]?.address).toBe('127.0.0.1');
    resolver.set('r.test', '10.1.1.1');
    expect((await resolver.resolve('r.test'))[0]?.address).toBe('10.1.1.1');
  });

  test('the dns.lookup form answers one address or all', async () => {
    const resolver = createStubResolver({ 'a.test': ['127.0.0.1', '::1'] });
    const one = await new Promise((resolve) => resolver.lookup('a.test', {}, (err, address, family) => resolve([err, address, family])));
    expect(one).toEqual([null, '127.0.0.1', 4]);
    const all = await new Promise((resolve) => resolver.lookup('a.test', { all: true }, (err, addresses) => resolve([err, addresses])));
    expect(all).toEqual([null, [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }]]);
    const missing = await new Promise((resolve) => resolver.lookup('x.test', 0, (err) => resolve(err?.code)));
    expect(missing).toBe('ENOTFOUND');
  });
});
