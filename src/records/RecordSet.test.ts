import { describe, expect, test } from 'vitest';
import { RecordSet } from './RecordSet.ts';

describe('RecordSet', () => {
  test('a tree error names the place its record was read, each record where it was', () => {
    const set = new RecordSet();
    set.add({ id: 'root', parentUnitId: null, children: ['leaf'] }, { source: 'a.ndjson', line: 1 });
    set.add({ id: 'leaf', parentUnitId: 'root', children: [] }, { source: 'b.json', index: 0 });
    set.add({ id: 'leaf', parentUnitId: 'root', children: [] }, { source: 'b.json', index: 1 });
    const errors = set.check();
    expect(errors.map((e) => e.clause)).toContain('UR-TREE-UNIQUE-ID');
    expect(errors.find((e) => e.clause === 'UR-TREE-UNIQUE-ID')?.place.source).toBe('b.json');
  });

  test('records that form a tree give no errors', () => {
    const set = new RecordSet();
    set.add({ id: 'root', parentUnitId: null, children: ['leaf'] }, { source: 'a.json' });
    set.add({ id: 'leaf', parentUnitId: 'root', children: [] }, { source: 'b.json' });
    expect(set.check()).toEqual([]);
  });
});
