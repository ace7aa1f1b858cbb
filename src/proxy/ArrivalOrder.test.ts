import { expect, test } from 'vitest';
import { ArrivalOrder } from './ArrivalOrder.ts';

test('hands items on in the order they arrived, whatever order they complete in, skipping the ones completed empty', () => {
  const fed: string[] = [];
  const order = new ArrivalOrder<string>((item) => fed.push(item));
  const [slow, hungUp, fast, last] = [order.arrive(), order.arrive(), order.arrive(), order.arrive()];
  order.complete(fast, 'fast');
  order.complete(hungUp, undefined);
  expect(fed).toEqual([]);
  order.complete(slow, 'slow');
  expect(fed).toEqual(['slow', 'fast']);
  order.complete(last, 'last');
  expect(fed).toEqual(['slow', 'fast', 'last']);
});
