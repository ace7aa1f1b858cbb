import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidRecord, invalidRecordFor } from './invalidRecord.ts';
import { recordClauseIds } from './recordClauses.ts';
import { validateRecord } from './validateRecord.ts';

describe('invalidRecordFor', () => {
  for (const clause of recordClauseIds) {
    it(`${clause}: every value fails, and every reported error names ${clause} (it breaks that clause alone)`, () => {
      fc.assert(
        fc.property(invalidRecordFor(clause), ({ record, clause: named }) => {
          expect(named).toBe(clause);
          const errors = validateRecord(record);
          expect(errors.length).toBeGreaterThan(0);
          expect(errors.map((e) => e.clause)).toEqual(errors.map(() => clause));
          // The same verdict after the trip through a file.
          expect(validateRecord(JSON.parse(JSON.stringify(record))).map((e) => e.clause)).toEqual(errors.map((e) => e.clause));
        }),
        { numRuns: 200 },
      );
    });
  }
});

describe('invalidRecord', () => {
  it('draws from every clause', () => {
    const clauses = new Set(fc.sample(invalidRecord(), { seed: 5, numRuns: 1000 }).map((i) => i.clause));
    expect([...clauses].sort()).toEqual([...recordClauseIds].sort());
  });
});
