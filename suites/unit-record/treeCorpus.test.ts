import { describe, expect, it } from 'vitest';
import { checkTree } from '../../src/records/checkTree.ts';
import { treeClauseIds } from '../../src/records/recordClauses.ts';
import { validateRecord } from '../../src/records/validateRecord.ts';
import { buildTreeCorpus } from './treeCorpus.ts';

const corpus = buildTreeCorpus(7);

describe('the set validator corpus', () => {
  it('holds arrays of records each valid alone; an invalid set breaks its own tree clause and no other', () => {
    for (const c of corpus) {
      const set = JSON.parse(c.text) as unknown[];
      expect(Array.isArray(set) && set.length > 0, c.name).toBe(true);
      for (const record of set) expect(validateRecord(record), c.name).toEqual([]);
      const clauses = [...new Set(checkTree(set).map((e) => e.clause))];
      expect(clauses, `${c.name}: ${c.note}`).toEqual(c.valid ? [] : [c.clause]);
    }
  });

  it('has broken and valid sets for every tree clause, a hand-built edge among them, names unique', () => {
    for (const clause of treeClauseIds) {
      const cases = corpus.filter((c) => c.clause === clause);
      expect(cases.filter((c) => !c.valid).length, clause).toBeGreaterThanOrEqual(3);
      expect(cases.filter((c) => c.valid).length, clause).toBeGreaterThanOrEqual(2);
      expect(cases.some((c) => c.name.includes('-edge-')), clause).toBe(true);
    }
    expect(new Set(corpus.map((c) => c.name)).size).toBe(corpus.length);
    expect(corpus.every((c) => /^[a-z0-9-]+$/.test(c.name))).toBe(true);
  });

  it('is the same for the same seed, and another for another seed', () => {
    expect(buildTreeCorpus(7)).toEqual(corpus);
    expect(buildTreeCorpus(8).map((c) => c.text)).not.toEqual(corpus.map((c) => c.text));
  });
});
