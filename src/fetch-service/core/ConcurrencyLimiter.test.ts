import { expect, test } from 'vitest';
import { ConcurrencyLimiter } from './ConcurrencyLimiter.ts';

test('counts slots per key and refuses past the limit', () => {
  const limiter = new ConcurrencyLimiter(2);
  const a1 = limiter.tryAcquire(1);
  const a2 = limiter.tryAcquire(1);
  expect(a1 && a2).toBeTruthy();
  expect(limiter.tryAcquire(1)).toBeUndefined();
  expect(limiter.tryAcquire(2)).toBeDefined();
  a1!();
  expect(limiter.inFlight(1)).toBe(1);
  expect(limiter.tryAcquire(1)).toBeDefined();
});

test('releasing twice gives back one slot only', () => {
  const limiter = new ConcurrencyLimiter(1);
  const release = limiter.tryAcquire(7)!;
  const other = limiter.tryAcquire(7);
  expect(other).toBeUndefined();
  release();
  const again = limiter.tryAcquire(7)!;
  release();
  expect(limiter.inFlight(7)).toBe(1);
  again();
  expect(limiter.inFlight(7)).toBe(0);
});

test('any key type; the total counts slots across keys', () => {
  const limiter = new ConcurrencyLimiter<string>(2);
  const a = limiter.tryAcquire('k')!;
  limiter.tryAcquire('k');
  limiter.tryAcquire('other');
  expect(limiter.total).toBe(3);
  a();
  a();
  expect(limiter.total).toBe(2);
});
