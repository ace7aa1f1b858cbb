import { describe, expect, test } from 'vitest';
import { boundedInteger, QueryError, queryInteger } from './queryInteger.ts';

const bounds = { fallback: 7, min: 1, max: 100 };

describe('queryInteger', () => {
  test('absent or empty gives the fallback; an integer in bounds is returned', () => {
    expect(queryInteger(new URL('http://h/x'), 'ms', bounds)).toBe(7);
    expect(queryInteger(new URL('http://h/x?ms='), 'ms', bounds)).toBe(7);
    expect(queryInteger(new URL('http://h/x?ms=100'), 'ms', bounds)).toBe(100);
  });

  test('anything else is a QueryError naming the parameter and the bounds', () => {
    for (const text of ['0', '101', '-1', '1.5', '1e3', 'abc', ' 5', '99999999999999999999']) {
      expect(() => boundedInteger('ms', text, bounds), text).toThrow(QueryError);
    }
    expect(() => boundedInteger('ms', 'abc', bounds)).toThrow('ms must be an integer from 1 to 100, got "abc"');
  });
});
