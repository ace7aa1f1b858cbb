import { expect, test } from 'vitest';
import { BufferBudget } from './BufferBudget.ts';

test('reservations share the limit and give their bytes back once', () => {
  const budget = new BufferBudget(100);
  const a = budget.open();
  const b = budget.open();
  expect(a.take(60)).toBe(true);
  expect(b.take(50)).toBe(false);
  expect(b.take(40)).toBe(true);
  expect(budget.used).toBe(100);
  a.release();
  a.release();
  expect(budget.used).toBe(40);
  expect(a.take(1)).toBe(false);
  expect(b.take(60)).toBe(true);
  b.release();
  expect(budget.used).toBe(0);
});
