import { describe, expect, it } from 'vitest';
import { checkTree } from './checkTree.ts';

function unit(id: string, parentUnitId: string | null | undefined, children: string[]) {
  return { id, ...(parentUnitId === undefined ? {} : { parentUnitId }), children };
}

describe('checkTree', () => {
  it('accepts a tree, a forest, and no records at all', () => {
    expect(checkTree([unit('page', null, ['a', 'b']), unit('b', 'page', []), unit('a', 'page', ['a1']), unit('a1', 'a', [])])).toEqual([]);
    expect(checkTree([unit('x', undefined, []), unit('y', null, [])])).toEqual([]);
    expect(checkTree([])).toEqual([]);
  });

  it('reports a repeated id on the later record, naming the earlier one', () => {
    expect(checkTree([unit('a', null, []), unit('b', null, []), unit('a', null, [])], ['one.json', 'two.json', 'three.json'])).toEqual([
      { index: 2, pointer: '/id', clause: 'UR-TREE-UNIQUE-ID', message: 'id "a" is also the id of one.json' },
    ]);
  });

  it('reports each side of a link that the other side does not confirm', () => {
    const errors = checkTree([unit('p', null, ['c']), unit('c', 'q', []), unit('q', null, [])]);
    expect(errors).toEqual([
      { index: 0, pointer: '/children/0', clause: 'UR-TREE-LINKS', message: 'children lists "c", but that unit (record 1) has parentUnitId "q"' },
      { index: 1, pointer: '/parentUnitId', clause: 'UR-TREE-LINKS', message: 'parentUnitId is "q", but that unit (record 2) does not list "c" in its children' },
    ]);
    expect(checkTree([unit('p', null, ['c']), unit('c', undefined, [])])[0]?.message).toBe('children lists "c", but that unit (record 1) has no parentUnitId');
  });

  it('reports references to units outside the set', () => {
    expect(checkTree([unit('a', 'ghost', ['x', 'phantom'])]).map((e) => [e.pointer, e.clause])).toEqual([
      ['/parentUnitId', 'UR-TREE-NO-DANGLING'],
      ['/children/0', 'UR-TREE-NO-DANGLING'],
      ['/children/1', 'UR-TREE-NO-DANGLING'],
    ]);
  });

  it('reports each cycle once, on its first record, with the path', () => {
    expect(checkTree([unit('a', 'b', ['b']), unit('b', 'a', ['a'])])).toEqual([
      { index: 0, pointer: '/parentUnitId', clause: 'UR-TREE-ACYCLIC', message: 'unit "a" is its own ancestor (following parentUnitId): "a" -> "b" -> "a"' },
    ]);
    expect(checkTree([unit('s', 's', ['s'])]).map((e) => e.clause)).toEqual(['UR-TREE-ACYCLIC']);
    // A unit hanging below a cycle is not itself in the cycle.
    expect(checkTree([unit('t', 'a', []), unit('a', 'b', ['b', 't']), unit('b', 'a', ['a'])]).map((e) => [e.index, e.clause])).toEqual([[1, 'UR-TREE-ACYCLIC']]);
  });

  it('reads what it can of records that break the schema, and skips the rest', () => {
    expect(checkTree([null, 'x', [], { id: 7, parentUnitId: 3, children: 'no' }, { id: 'a', children: [1, 'ghost'] }])).toEqual([
      { index: 4, pointer: '/children/1', clause: 'UR-TREE-NO-DANGLING', message: 'children lists "ghost", which names no unit of this page' },
    ]);
  });
});
