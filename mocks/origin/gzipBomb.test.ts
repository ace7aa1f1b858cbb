import { expect, test } from 'vitest';
import { gzipBomb, gzipBombInflatedBytes } from './gzipBomb.ts';
import { inflatedSize } from './fixtures/inflatedSize.ts';

test('gzipBomb: under 1 MiB compressed, inflates to gzipBombInflatedBytes zeros, computed once', async () => {
  const bomb = await gzipBomb();
  expect(gzipBombInflatedBytes).toBeGreaterThanOrEqual(100 * 1024 * 1024);
  expect(bomb.length).toBeLessThan(1024 * 1024);
  expect(await inflatedSize(bomb)).toEqual({ bytes: gzipBombInflatedBytes, allZero: true });
  expect(await gzipBomb()).toBe(bomb);
});
