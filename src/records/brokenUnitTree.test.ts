import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brokenUnitTree } from './brokenUnitTree.ts';
import { checkTree } from './checkTree.ts';
import { treeClauseIds } from './recordClauses.ts';
import { validateRecord } from './validateRecord.ts';

describe('brokenUnitTree', () => {
  for (const clause of treeClauseIds) {
    it(`${clause}: every record stays valid alone, and the tree checks report ${clause} and nothing else`, () => {
      fc.assert(
        fc.property(brokenUnitTree(clause), ({ records, clause: named }) => {
          expect(named).toBe(clause);
          for (const record of records) expect(validateRecord(record)).toEqual([]);
          const errors = checkTree(records);
          expect(errors.length).toBeGreaterThan(0);
          expect(errors.map((e) => e.clause)).toEqual(errors.map(() => clause));
        }),
        { numRuns: 300 },
      );
    });
  }
});
