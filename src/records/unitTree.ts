import fc from 'fast-check';
import type { UnitRecord } from './UnitRecord.ts';
import { unitIdArbitrary, validRecord } from './validRecord.ts';

export interface UnitTreeConstraints {
  /** Most units in one tree; default 12. */
  maxUnits?: number;
  /** Fewest units; default 1. */
  minUnits?: number;
}

/**
 * The records of one page forming a valid tree (a forest when several units have no parent): unique
 * ids, parentUnitId and children agreeing both ways, nothing dangling, no cycle. Roots have
 * parentUnitId null or no parentUnitId at all; order, when present, is the position among siblings.
 * The records come in any order, not parents first.
 */
export function unitTree(constraints: UnitTreeConstraints = {}): fc.Arbitrary<UnitRecord[]> {
  const { minUnits = 1, maxUnits = 12 } = constraints;
  return fc
    .uniqueArray(unitIdArbitrary, { minLength: minUnits, maxLength: maxUnits })
    .chain((ids) =>
      fc.tuple(
        fc.constant(ids),
        // Unit i's parent is one of the units before it, or none: no cycle can form.
        fc.tuple(...ids.map((_, i) => (i === 0 ? fc.constant(-1) : fc.oneof({ weight: 1, arbitrary: fc.constant(-1) }, { weight: 4, arbitrary: fc.nat(i - 1) })))),
        fc.array(fc.tuple(validRecord(), fc.boolean(), fc.boolean()), { minLength: ids.length, maxLength: ids.length }),
        fc.array(fc.nat(), { minLength: ids.length, maxLength: ids.length }),
      ),
    )
    .map(([ids, parents, bodies, sortKeys]) => {
      const children = ids.map((_, i) => ids.filter((__, j) => parents[j] === i));
      const records = ids.map((id, i): UnitRecord => {
        const [body, rootHasNullParent, hasOrder] = bodies[i]!;
        const { parentUnitId: _parent, order: _order, ...rest } = body;
        const parent = parents[i]!;
        const siblings = parent === -1 ? [] : children[parent]!;
        return {
          ...rest,
          id,
          ...(parent !== -1 ? { parentUnitId: ids[parent]! } : rootHasNullParent ? { parentUnitId: null } : {}),
          ...(hasOrder && parent !== -1 ? { order: siblings.indexOf(id) + 1 } : {}),
          children: children[i]!,
        };
      });
      return records.map((r, i) => ({ r, key: sortKeys[i]! })).sort((a, b) => a.key - b.key).map(({ r }) => r);
    });
}
