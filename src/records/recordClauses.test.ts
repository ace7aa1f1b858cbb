import { describe, expect, it } from 'vitest';
import catalogue from '../../specs/unit-record.clauses.json' with { type: 'json' };
import { isRecordClause, recordClauseIds, treeClauseIds } from './recordClauses.ts';

describe('recordClauses', () => {
  it('lists exactly the catalogue ids, record clauses then tree clauses, in catalogue order', () => {
    expect([...recordClauseIds, ...treeClauseIds]).toEqual(catalogue.clauses.map((c) => c.id));
  });

  it('tells record clauses from tree clauses and unknown ids', () => {
    expect(isRecordClause('UR-HASH')).toBe(true);
    expect(isRecordClause('UR-TREE-LINKS')).toBe(false);
    expect(isRecordClause('UR-NOPE')).toBe(false);
  });
});
