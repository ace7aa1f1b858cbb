// The sets given to a set validator under test (`--validator-set`): for each tree clause, trees
// generated from the project's arbitraries and broken to break that clause alone (each record still
// valid on its own), and valid trees at the clause's edge, generated and hand-built. Deterministic by seed.
import fc from 'fast-check';
import { brokenUnitTree } from '../../src/records/brokenUnitTree.ts';
import { checkTree } from '../../src/records/checkTree.ts';
import { mixSeed } from '../../src/json/mixSeed.ts';
import { treeClauseIds, type TreeClause } from '../../src/records/recordClauses.ts';
import type { UnitRecord } from '../../src/records/UnitRecord.ts';
import { unitTree } from '../../src/records/unitTree.ts';
import { validRecord } from '../../src/records/validRecord.ts';
import { spreadSample } from './corpus.ts';

export interface TreeCase {
  /** Unique, and safe as a file name. */
  name: string;
  /** The tree clause the set breaks, or whose edge it sits on. */
  clause: TreeClause;
  /** The verdict a conforming set validator gives. */
  valid: boolean;
  /** The exact bytes of the file: a JSON array of the page's records. */
  text: string;
  note: string;
}

const brokenPerClause = 4;
const generatedValidPerClause = 1;

/** Units on a page, small enough that a failing set reads at a glance. */
const treeSize = { maxUnits: 6 };

/** Records with the given ids, each naming its parent by index (-1: a root), links agreeing both ways. */
function tree(seed: number, ids: string[], parents: number[]): UnitRecord[] {
  const bodies = fc.sample(validRecord(), { seed, numRuns: ids.length });
  return ids.map((id, i) => {
    const { parentUnitId: _parent, order: _order, ...rest } = bodies[i]!;
    const parent = parents[i]!;
    return { ...rest, id, ...(parent >= 0 ? { parentUnitId: ids[parent]! } : {}), children: ids.filter((_, j) => parents[j] === i) };
  });
}

/** Valid trees at each clause's edge, where a validator taking a shortcut would say "invalid". */
function edgeTrees(seed: number): Array<{ clause: TreeClause; records: UnitRecord[]; note: string }> {
  const chain = Array.from({ length: 10 }, (_, i) => `level-${i}`);
  return [
    { clause: 'UR-TREE-UNIQUE-ID', records: tree(mixSeed(seed, 90), ['Hero', 'hero', 'HERO'], [-1, -1, -1]), note: 'ids that differ only in case are different ids' },
    { clause: 'UR-TREE-NO-DANGLING', records: tree(mixSeed(seed, 91), ['only'], [-1]), note: 'a page of one unit: no parent, no children' },
    {
      clause: 'UR-TREE-LINKS',
      records: tree(mixSeed(seed, 92), ['root', 'a', 'b'], [-1, 0, 0]).map((r) => (r.id === 'root' ? { ...r, parentUnitId: null, children: ['b', 'a'] } : r)),
      note: 'a root with parentUnitId null, children listed in another order than the records',
    },
    { clause: 'UR-TREE-ACYCLIC', records: tree(mixSeed(seed, 93), chain, chain.map((_, i) => i - 1)).reverse(), note: 'a chain ten units deep, deepest first' },
  ];
}

const json = (records: unknown) => `${JSON.stringify(records, null, 2)}\n`;

/** The whole set corpus, per clause: broken sets, then valid ones. Same seed, same sets. */
export function buildTreeCorpus(seed: number): TreeCase[] {
  const edges = edgeTrees(seed);
  return treeClauseIds.flatMap((clause, c) => {
    const id = clause.toLowerCase();
    const broken = spreadSample(brokenUnitTree(clause), mixSeed(seed, 100 + c, 0), brokenPerClause).map(({ records }, k): TreeCase => {
      // The note quotes what the project's tree checks say, so a disagreement explains itself.
      const why = checkTree(records)[0]?.message ?? 'not a tree';
      return { name: `set-${id}-invalid-${k + 1}`, clause, valid: false, text: json(records), note: `${records.length} records: ${why}` };
    });
    const generated = spreadSample(unitTree(treeSize), mixSeed(seed, 100 + c, 1), generatedValidPerClause).map(
      (records, k): TreeCase => ({ name: `set-${id}-valid-${k + 1}`, clause, valid: true, text: json(records), note: `${records.length} records forming a valid tree` }),
    );
    const edge = edges
      .filter((e) => e.clause === clause)
      .map((e, k): TreeCase => ({ name: `set-${id}-edge-${k + 1}`, clause, valid: true, text: json(e.records), note: `valid: ${e.note}` }));
    return [...broken, ...generated, ...edge];
  });
}
