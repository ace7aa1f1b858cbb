import { expect, test } from 'vitest';
import { KeySlots } from './KeySlots.ts';

test('KeySlots: a limit per key, released once however often release is called', () => {
  const slots = new KeySlots(() => 2);
  const a = slots.tryAcquire('k')!;
  slots.tryAcquire('k');
  expect(slots.tryAcquire('k')).toBeUndefined();
  expect(slots.tryAcquire('other')).toBeDefined();
  a();
  a();
  expect(slots.inFlight).toBe(2);
  expect(slots.tryAcquire('k')).toBeDefined();
  expect(slots.tryAcquire('k')).toBeUndefined();
});
