import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shape } from './shape.ts';

describe('shape', () => {
  const arbitrary = shape({ a: fc.constant(1), b: fc.string(), c: fc.boolean() }, ['c']);

  it('always has the required keys, in the model order, and the optional ones sometimes', () => {
    const values = fc.sample(arbitrary, { seed: 1, numRuns: 200 });
    for (const v of values) {
      expect(Object.keys(v).slice(0, 2)).toEqual(['a', 'b']);
      expect(v.a).toBe(1);
    }
    expect(values.some((v) => 'c' in v)).toBe(true);
    expect(values.some((v) => !('c' in v))).toBe(true);
  });

  it('never leaves an optional key present with no value', () => {
    for (const v of fc.sample(arbitrary, { seed: 2, numRuns: 200 })) if ('c' in v) expect(typeof v.c).toBe('boolean');
  });
});
