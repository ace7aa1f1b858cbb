import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordClauseIds } from '../../src/records/recordClauses.ts';
import { validateRecord } from '../../src/records/validateRecord.ts';
import { buildCorpus } from './corpus.ts';

const corpus = buildCorpus(7);

describe('the unit-record validator corpus', () => {
  it('gets every verdict right by the project validator, and each invalid case fails on its own clause', () => {
    for (const c of corpus) {
      const errors = validateRecord(JSON.parse(c.text));
      expect(errors.length === 0, `${c.name}: ${c.note}`).toBe(c.valid);
      if (!c.valid) expect(errors.map((e) => e.clause), c.name).toContain(c.clause);
    }
  });

  it('has a valid and an invalid case for every non-tree clause, and cites no other id', () => {
    for (const clause of recordClauseIds) {
      expect(corpus.some((c) => c.clause === clause && c.valid), `${clause} valid`).toBe(true);
      expect(corpus.some((c) => c.clause === clause && !c.valid), `${clause} invalid`).toBe(true);
    }
    expect(corpus.every((c) => (recordClauseIds as readonly string[]).includes(c.clause))).toBe(true);
  });

  it('has hand-written and generated cases, 150 to 250 in all, named uniquely and safely for files', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect(corpus.length).toBeLessThanOrEqual(250);
    expect(corpus.filter((c) => c.name.startsWith('generated-')).length).toBeGreaterThanOrEqual(60);
    expect(new Set(corpus.map((c) => c.name)).size).toBe(corpus.length);
    for (const c of corpus) {
      expect(c.name).toMatch(/^[a-z0-9-]+$/);
      expect(c.note).not.toMatch(/\n/);
    }
  });

  it('lists every file of corpus/ in its manifest, and nothing else', () => {
    const files = readdirSync(fileURLToPath(new URL('./corpus/', import.meta.url))).filter((f) => f !== 'manifest.json');
    const handWritten = corpus.filter((c) => !c.name.startsWith('generated-')).map((c) => `${c.name}.json`);
    expect(handWritten.sort()).toEqual(files.sort());
  });

  it('is deterministic by seed', () => {
    expect(buildCorpus(7)).toEqual(corpus);
    const other = buildCorpus(8);
    expect(other.map((c) => c.name)).toEqual(corpus.map((c) => c.name));
    expect(other.filter((c) => c.name.startsWith('generated-')).map((c) => c.text)).not.toEqual(
      corpus.filter((c) => c.name.startsWith('generated-')).map((c) => c.text),
    );
  });
});
