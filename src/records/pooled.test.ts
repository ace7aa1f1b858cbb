import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pooled } from './pooled.ts';

describe('pooled', () => {
  const source = fc.record({ n: fc.integer(), tags: fc.array(fc.string()) });

  it('mostly repeats frozen values of its pool, sometimes draws a fresh one', () => {
    const values = fc.sample(pooled(source), { seed: 1, numRuns: 2000 });
    const distinct = new Set(values);
    expect(distinct.size).toBeLessThan(values.length / 4);
    expect(distinct.size).toBeGreaterThan(64);
    const repeated = values.filter((v, i) => values.indexOf(v) !== i);
    for (const v of repeated) {
      expect(Object.isFrozen(v)).toBe(true);
      expect(Object.isFrozen(v.tags)).toBe(true);
    }
  });

  it('throws on an attempt to change a shared value instead of changing other records', () => {
    const [first] = fc.sample(pooled(source), { seed: 3, numRuns: 50 }).filter((v) => Object.isFrozen(v));
    expect(() => {
      (first as { n: number }).n = 1;
    }).toThrow(TypeError);
  });

  it('is deterministic: the same seed gives the same values', () => {
    const arbitrary = pooled(source);
    expect(fc.sample(arbitrary, { seed: 9, numRuns: 100 })).toEqual(fc.sample(arbitrary, { seed: 9, numRuns: 100 }));
  });
});
