import { expect, test } from 'vitest';
import { ApiKeyRing } from './ApiKeyRing.ts';

test('identifies issued keys by position', () => {
  const ring = new ApiKeyRing(['alpha-key', 'beta-key', 'alpha-key']);
  expect(ring.identify('alpha-key')).toBe(1);
  expect(ring.identify('beta-key')).toBe(2);
});

test('a missing, wrong, truncated or extended key is not identified', () => {
  const ring = new ApiKeyRing(['alpha-key']);
  for (const presented of [undefined, '', 'alpha-ke', 'alpha-key ', 'ALPHA-KEY', 'beta-key']) {
    expect(ring.identify(presented), String(presented)).toBe(0);
  }
});

test('refuses to exist without a key', () => {
  expect(() => new ApiKeyRing([])).toThrow();
  expect(() => new ApiKeyRing(['ok', ''])).toThrow();
});
