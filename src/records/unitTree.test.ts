import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTree } from './checkTree.ts';
import { unitTree } from './unitTree.ts';
import { validateRecord } from './validateRecord.ts';

describe('unitTree', () => {
  it('makes sets of valid records that pass every tree check', () => {
    fc.assert(
      fc.property(unitTree(), (records) => {
        for (const record of records) expect(validateRecord(record)).toEqual([]);
        expect(checkTree(records)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('makes deep trees and forests, records in any order', () => {
    const trees = fc.sample(unitTree({ minUnits: 6 }), { seed: 9, numRuns: 200 });
    const depth = (records: typeof trees[number]) => {
      const parentOf = new Map(records.map((r) => [r.id, r.parentUnitId]));
      return Math.max(...records.map((r) => {
        let d = 0;
        for (let p = r.parentUnitId; typeof p === 'string'; p = parentOf.get(p)) d++;
        return d;
      }));
    };
    expect(trees.some((t) => depth(t) >= 3)).toBe(true);
    expect(trees.some((t) => t.filter((r) => typeof r.parentUnitId !== 'string').length > 1)).toBe(true);
    expect(trees.some((t) => typeof t[0]!.parentUnitId === 'string')).toBe(true);
  });
});
