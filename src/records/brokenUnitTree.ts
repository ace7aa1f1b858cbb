import fc from 'fast-check';
import { copyJson } from '../json/copyJson.ts';
import type { TreeClause } from './recordClauses.ts';
import type { UnitRecord } from './UnitRecord.ts';
import { unitTree } from './unitTree.ts';

/** The records of one page that break exactly one tree clause (each record still valid on its own). */
export interface BrokenUnitTree {
  records: UnitRecord[];
  clause: TreeClause;
}

type Break = (records: UnitRecord[], pick: number, other: number) => UnitRecord[] | undefined;

function byId(records: readonly UnitRecord[], id: string): UnitRecord | undefined {
  return records.find((r) => r.id === id);
}

/** The unit and every unit below it. */
function subtree(records: readonly UnitRecord[], root: UnitRecord): Set<string> {
  const ids = new Set<string>([root.id]);
  for (const id of ids) for (const child of byId(records, id)?.children ?? []) ids.add(child);
  return ids;
}

function unusedId(records: readonly UnitRecord[], base: string): string {
  let id = `${base}-missing`;
  while (byId(records, id)) id += '-';
  return id;
}

function detach(records: readonly UnitRecord[], unit: UnitRecord): void {
  const parent = typeof unit.parentUnitId === 'string' ? byId(records, unit.parentUnitId) : undefined;
  if (parent) parent.children = parent.children.filter((c) => c !== unit.id);
}

// Each break works on a copy and returns undefined when the tree it got cannot take it (too small).
const breaks: Record<TreeClause, Break> = {
  'UR-TREE-UNIQUE-ID': (records, pick, other) => {
    // An exact copy: its links agree with everything the original's do, so only the id repeats.
    const copy = copyJson(records[pick % records.length]!);
    return records.toSpliced(other % (records.length + 1), 0, copy);
  },
  'UR-TREE-LINKS': (records, pick, other) => {
    const nonRoots = records.filter((r) => typeof r.parentUnitId === 'string');
    const unit = nonRoots[pick % Math.max(nonRoots.length, 1)];
    if (!unit) return undefined;
    const outside = subtree(records, unit);
    const targets = records.filter((r) => !outside.has(r.id) && r.id !== unit.parentUnitId);
    const target = targets[other % Math.max(targets.length, 1)];
    if (other % 2 === 0 || !target) {
      // The parent forgets the child; the child still names the parent.
      detach(records, unit);
    } else {
      // The child names another parent (never one below it: that would be a cycle), no list changes.
      unit.parentUnitId = target.id;
    }
    return records;
  },
  'UR-TREE-NO-DANGLING': (records, pick, other) => {
    const unit = records[pick % records.length]!;
    const missing = unusedId(records, unit.id);
    if (other % 2 === 0 && typeof unit.parentUnitId !== 'string') {
      // Only a root may name a missing parent: any other unit's old parent would still list it.
      unit.parentUnitId = missing;
    } else {
      unit.children = [...unit.children, missing];
    }
    return records;
  },
  'UR-TREE-ACYCLIC': (records, pick, other) => {
    // Move a unit under itself or one of its descendants, keeping both sides of every link in step.
    const unit = records[pick % records.length]!;
    const below = [...subtree(records, unit)];
    const newParent = byId(records, below[other % below.length]!)!;
    detach(records, unit);
    unit.parentUnitId = newParent.id;
    newParent.children = [...newParent.children, unit.id];
    return records;
  },
};

/**
 * Valid trees (unitTree) changed to break exactly the named tree clause: a repeated id, a link one side
 * of which is missing, a reference to a unit that does not exist, a unit made its own ancestor.
 */
export function brokenUnitTree(clause: TreeClause): fc.Arbitrary<BrokenUnitTree> {
  return fc
    .tuple(unitTree({ minUnits: clause === 'UR-TREE-LINKS' ? 2 : 1 }), fc.nat(), fc.nat())
    .map(([tree, pick, other]) => breaks[clause](copyJson(tree), pick, other))
    .filter((records): records is UnitRecord[] => records !== undefined)
    .map((records) => ({ records, clause }));
}
