import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateRecord } from './validateRecord.ts';
import { validRecord } from './validRecord.ts';

describe('validRecord', () => {
  it('only makes records the schema accepts', () => {
    fc.assert(
      fc.property(validRecord(), (record) => {
        expect(validateRecord(record)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('stays valid through a JSON round trip (what files and the CLI carry)', () => {
    fc.assert(
      fc.property(validRecord(), (record) => {
        expect(validateRecord(JSON.parse(JSON.stringify(record)))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('is varied: both statuses, optional fields present and absent, behavior of every JSON type', () => {
    const records = fc.sample(validRecord(), { seed: 42, numRuns: 2000 });
    const seen = new Set<string>();
    for (const r of records) {
      seen.add(`status:${r.status}`);
      seen.add(`unitKind:${r.unitKind}`);
      for (const key of ['parentUnitId', 'order', 'dependencyHashes', 'hash', 'extensions'] as const) {
        seen.add(`${key}:${key in r ? 'present' : 'absent'}`);
      }
      const b = r.behavior;
      seen.add(`behavior:${b === null ? 'null' : Array.isArray(b) ? 'array' : typeof b}`);
      if (r.parentUnitId === null) seen.add('parentUnitId:null');
      if (typeof r.content === 'object' && Object.values(r.content).some((v) => typeof v === 'object' && v !== null)) seen.add('content:nested');
      if ([...r.id].some((c) => c.codePointAt(0)! > 0x7f)) seen.add('id:unicode');
      if (r.extensions && Object.keys(r.extensions).length > 0) seen.add('extensions:keys');
    }
    const expected = [
      'status:accepted', 'status:provisional', 'unitKind:section', 'unitKind:component',
      'parentUnitId:present', 'parentUnitId:absent', 'parentUnitId:null', 'order:present', 'order:absent',
      'dependencyHashes:present', 'dependencyHashes:absent', 'hash:present', 'hash:absent',
      'extensions:present', 'extensions:absent', 'extensions:keys',
      'behavior:null', 'behavior:boolean', 'behavior:number', 'behavior:string', 'behavior:array', 'behavior:object',
      'content:nested', 'id:unicode',
    ];
    expect([...seen].sort()).toEqual(expect.arrayContaining(expected));
  });

  it('gives every record its own top level, and shares only frozen inner objects', () => {
    const records = fc.sample(validRecord(), { seed: 3, numRuns: 400 });
    expect(new Set(records).size).toBe(records.length);
    expect(new Set(records.map((r) => r.children)).size).toBe(records.length);
    const seen = new Set<unknown>();
    for (const r of records) {
      if (seen.has(r.layout)) expect(Object.isFrozen(r.layout)).toBe(true);
      seen.add(r.layout);
    }
    expect(seen.size).toBeLessThan(records.length);
  });
});
