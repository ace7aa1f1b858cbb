import { checkTree, type TreeError } from './checkTree.ts';
import type { TreeUnit } from './judgeRecord.ts';
import { placeName, type Place } from './Place.ts';
import type { TreeClause } from './recordClauses.ts';

/** A tree error of the set, with where its record was read. */
export interface PlacedTreeError {
  place: Place;
  pointer: string;
  clause: TreeClause;
  message: string;
}

/** What the tree check reads of each record, and where each was: all that --tree keeps per record. */
export class RecordSet {
  readonly #units: unknown[] = [];
  readonly #places: Place[] = [];

  add(unit: TreeUnit | undefined, place: Place): void {
    this.#units.push(unit ?? {});
    this.#places.push(place);
  }

  check(): PlacedTreeError[] {
    return checkTree(this.#units, this.#places.map(placeName)).map(({ index, ...e }: TreeError) => ({ place: this.#places[index]!, ...e }));
  }
}
