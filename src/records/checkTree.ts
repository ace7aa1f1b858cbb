import { pointerOf } from '../json/jsonPointer.ts';
import type { TreeClause } from './recordClauses.ts';

/** One way a set of records (the units of one page) fails to form a tree. */
export interface TreeError {
  /** Position of the record the error is about in the array given to checkTree. */
  index: number;
  /** JSON Pointer into that record. */
  pointer: string;
  clause: TreeClause;
  message: string;
}

/** What the tree checks read of a record; values of the wrong type are the schema's business. */
interface Unit {
  index: number;
  id: string | undefined;
  parent: string | undefined;
  children: Array<{ id: string; at: number }>;
}

function toUnit(record: unknown, index: number): Unit {
  const r = typeof record === 'object' && record !== null && !Array.isArray(record) ? (record as Record<string, unknown>) : {};
  const children = Array.isArray(r.children) ? r.children : [];
  return {
    index,
    id: typeof r.id === 'string' ? r.id : undefined,
    parent: typeof r.parentUnitId === 'string' ? r.parentUnitId : undefined,
    children: children.flatMap((id: unknown, at) => (typeof id === 'string' ? [{ id, at }] : [])),
  };
}

/**
 * Checks that records form one page's tree: unique ids, parentUnitId and children agreeing both ways,
 * no reference to a unit outside the set, no unit its own ancestor. Records are read defensively, so
 * records that also break the schema can be checked together with the others. `names` (file names)
 * name the records in messages; otherwise "record N". Errors come sorted by record index.
 */
export function checkTree(records: readonly unknown[], names: readonly string[] = []): TreeError[] {
  const units = records.map(toUnit);
  const name = (u: Unit) => names[u.index] ?? `record ${String(u.index)}`;
  const errors: TreeError[] = [];
  const byId = new Map<string, Unit>();
  for (const unit of units) {
    if (unit.id === undefined) continue;
    const first = byId.get(unit.id);
    if (first) {
      errors.push({ index: unit.index, pointer: '/id', clause: 'UR-TREE-UNIQUE-ID', message: `id ${JSON.stringify(unit.id)} is also the id of ${name(first)}` });
    } else {
      byId.set(unit.id, unit);
    }
  }

  for (const unit of units) {
    if (unit.parent !== undefined) {
      const parent = byId.get(unit.parent);
      const quoted = JSON.stringify(unit.parent);
      if (!parent) {
        errors.push({ index: unit.index, pointer: '/parentUnitId', clause: 'UR-TREE-NO-DANGLING', message: `parentUnitId ${quoted} names no unit of this page` });
      } else if (unit.id !== undefined && !parent.children.some((c) => c.id === unit.id)) {
        const message = `parentUnitId is ${quoted}, but that unit (${name(parent)}) does not list ${JSON.stringify(unit.id)} in its children`;
        errors.push({ index: unit.index, pointer: '/parentUnitId', clause: 'UR-TREE-LINKS', message });
      }
    }
    for (const { id, at } of unit.children) {
      const pointer = pointerOf('children', at);
      const child = byId.get(id);
      if (!child) {
        errors.push({ index: unit.index, pointer, clause: 'UR-TREE-NO-DANGLING', message: `children lists ${JSON.stringify(id)}, which names no unit of this page` });
      } else if (unit.id !== undefined && child.parent !== unit.id) {
        const has = child.parent === undefined ? 'no parentUnitId' : `parentUnitId ${JSON.stringify(child.parent)}`;
        const message = `children lists ${JSON.stringify(id)}, but that unit (${name(child)}) has ${has}`;
        errors.push({ index: unit.index, pointer, clause: 'UR-TREE-LINKS', message });
      }
    }
  }

  for (const cycle of parentCycles(byId)) {
    const first = cycle.reduce((a, b) => (a.index <= b.index ? a : b));
    const start = cycle.indexOf(first);
    const path = [...cycle.slice(start), ...cycle.slice(0, start), first].map((u) => JSON.stringify(u.id)).join(' -> ');
    errors.push({ index: first.index, pointer: '/parentUnitId', clause: 'UR-TREE-ACYCLIC', message: `unit ${JSON.stringify(first.id)} is its own ancestor (following parentUnitId): ${path}` });
  }
  return errors.sort((a, b) => a.index - b.index);
}

/** Each cycle of the parentUnitId links once, as the units along it (child first, then its parent...). */
function parentCycles(byId: ReadonlyMap<string, Unit>): Unit[][] {
  const state = new Map<Unit, 'walking' | 'done'>();
  const cycles: Unit[][] = [];
  for (const start of byId.values()) {
    const path: Unit[] = [];
    let unit: Unit | undefined = start;
    while (unit && !state.has(unit)) {
      state.set(unit, 'walking');
      path.push(unit);
      unit = unit.parent === undefined ? undefined : byId.get(unit.parent);
    }
    if (unit && state.get(unit) === 'walking') cycles.push(path.slice(path.indexOf(unit)));
    for (const walked of path) state.set(walked, 'done');
  }
  return cycles;
}
