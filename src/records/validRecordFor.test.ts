import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleRecord } from './exampleRecord.ts';
import { recordClauseIds } from './recordClauses.ts';
import { validateRecord } from './validateRecord.ts';
import { validRecordFor, validRecordForAny } from './validRecordFor.ts';

describe('validRecordFor', () => {
  for (const clause of recordClauseIds) {
    it(`${clause}: every edge record is valid`, () => {
      fc.assert(
        fc.property(validRecordFor(clause), (record) => {
          expect(validateRecord(record)).toEqual([]);
          expect(validateRecord(JSON.parse(JSON.stringify(record)))).toEqual([]);
        }),
        { numRuns: 100 },
      );
    });
  }

  it('reaches the edges the corpus needs', () => {
    const sample = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { seed: 1, numRuns: 300 });
    expect(sample(validRecordFor('UR-ORDER')).some((r) => r.order === 1)).toBe(true);
    expect(sample(validRecordFor('UR-PARENT')).some((r) => r.parentUnitId === null)).toBe(true);
    expect(sample(validRecordFor('UR-PARENT')).some((r) => !('parentUnitId' in r))).toBe(true);
    expect(sample(validRecordFor('UR-BEHAVIOR')).some((r) => r.behavior === null)).toBe(true);
    expect(sample(validRecordFor('UR-PROVISIONAL-GAPS')).some((r) => r.status === 'provisional' && r.gapRefs.length === 1)).toBe(true);
    expect(sample(validRecordFor('UR-DEPENDENCY-HASHES')).some((r) => new Set(r.dependencyHashes).size < (r.dependencyHashes ?? []).length)).toBe(true);
  });

  it('changes nothing but the clause own fields of the example record', () => {
    const base = exampleRecord();
    for (const record of fc.sample(validRecordFor('UR-ORDER'), { seed: 2, numRuns: 20 })) {
      expect({ ...record, order: base.order }).toEqual(base);
    }
  });

  it('draws every clause', () => {
    const clauses = new Set(fc.sample(validRecordForAny(), { seed: 5, numRuns: 1000 }).map((c) => c.clause));
    expect(clauses.size).toBe(recordClauseIds.length);
  });
});
