import { expect, test } from 'vitest';
import { encodeMeetingId, needsDoubleEncoding } from './encodeMeetingId.ts';

test.each([
  [85746065432, '85746065432'],
  ['abc+def/ghi==', 'abc%2Bdef%2Fghi%3D%3D'],
  ['/ajXp112QmuoKj4854875==', '%252FajXp112QmuoKj4854875%253D%253D'],
  ['ab//cd==', 'ab%252F%252Fcd%253D%253D'],
])('%s → %s', (id, encoded) => {
  expect(encodeMeetingId(id)).toBe(encoded);
});

test('double encoding is for a leading "/" or a "//" only', () => {
  expect(needsDoubleEncoding('/a')).toBe(true);
  expect(needsDoubleEncoding('a//b')).toBe(true);
  expect(needsDoubleEncoding('a/b+c')).toBe(false);
});
