/** One of N parts of a run, as vitest shards it: by test file. */
export interface Shard {
  /** From 1. */
  index: number;
  count: number;
}

/** Whether I/N names a part: 1 ≤ I ≤ N, both whole. */
export function isShard(shard: Shard): boolean {
  return Number.isSafeInteger(shard.index) && Number.isSafeInteger(shard.count) && shard.index >= 1 && shard.index <= shard.count;
}
