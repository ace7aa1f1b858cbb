import { expect, test } from 'vitest';
import { GenerationalMap } from './GenerationalMap.ts';

test('holds at most its cap and always its latest half, forgetting the oldest generation whole', () => {
  const map = new GenerationalMap<number, number>(8);
  for (let i = 0; i < 10_000; i++) {
    map.set(i, i);
    expect(map.size).toBeLessThanOrEqual(8);
    for (let j = Math.max(0, i - 3); j <= i; j++) expect(map.get(j)).toBe(j);
  }
  expect(map.has(0)).toBe(false);
});

test('an entry set again is young again: it outlives the generation it was in', () => {
  const map = new GenerationalMap<string, number>(4);
  map.set('kept', 1);
  map.set('a', 2); // the young generation is full: 'kept' and 'a' are the old one
  map.set('kept', 3);
  map.set('b', 4); // full again: the old generation ('a') is dropped
  expect([map.get('kept'), map.has('a'), map.get('b')]).toEqual([3, false, 4]);
});
