import fc from 'fast-check';
import { invalidRecord } from './invalidRecord.ts';
import { mixSeed } from '../json/mixSeed.ts';
import type { RecordClause } from './recordClauses.ts';
import { validRecord } from './validRecord.ts';

/** One generated fixture: a record, whether it is valid, and when not, the clause it breaks. */
export interface GeneratedRecord {
  record: unknown;
  valid: boolean;
  rule?: RecordClause;
}

export interface GenerateRecordsOptions {
  count: number;
  /** A 32-bit integer; same seed, same records. */
  seed: number;
  /** Share of invalid records, 0 to 1 (default 0): spread evenly, floor(count * ratio) of them. */
  invalidRatio?: number;
  /**
   * Only the records at positions from (default 0) to to (default count), exclusive, each exactly as the
   * whole set has it: how a set is generated in parts on several machines (see shardRange).
   */
  from?: number;
  to?: number;
}

/** Records are drawn in batches: fc.sample keeps everything it draws, and big counts must stream. */
const batchSize = 1000;

function checkOptions({ count, seed, invalidRatio = 0, from = 0, to = count }: GenerateRecordsOptions): void {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to < from || to > count) throw new RangeError(`from and to must satisfy 0 ≤ from ≤ to ≤ count, got ${String(from)} and ${String(to)}`);
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${String(count)}`);
  if (!Number.isInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 32) throw new RangeError(`seed must be a 32-bit integer, got ${String(seed)}`);
  if (!(invalidRatio >= 0 && invalidRatio <= 1)) throw new RangeError(`invalidRatio must be between 0 and 1, got ${String(invalidRatio)}`);
}

/** Whether position i is an invalid one: exactly floor(n * ratio) of the first n positions are. */
function isInvalidAt(i: number, ratio: number): boolean {
  return Math.floor((i + 1) * ratio) > Math.floor(i * ratio);
}

/**
 * Generated records one at a time, in batches of 1000, so that a million of them never sit in memory
 * together. Deterministic: the same options give the same records in the same order.
 */
export function* iterateRecords(options: GenerateRecordsOptions): Generator<GeneratedRecord> {
  checkOptions(options);
  const { count, seed, invalidRatio = 0, from = 0, to = count } = options;
  // Each batch has a seed of its own, so a part of the set starts at the batch that holds its first record.
  for (let batch = Math.floor(from / batchSize), start = batch * batchSize; start < to; start += batchSize, batch++) {
    const size = Math.min(batchSize, count - start);
    const invalidAt = Array.from({ length: size }, (_, k) => isInvalidAt(start + k, invalidRatio));
    const invalidCount = invalidAt.filter(Boolean).length;
    const valid = size > invalidCount ? fc.sample(validRecord(), { seed: mixSeed(seed, batch, 0), numRuns: size - invalidCount }) : [];
    const invalid = invalidCount > 0 ? fc.sample(invalidRecord(), { seed: mixSeed(seed, batch, 1), numRuns: invalidCount }) : [];
    let v = 0;
    let x = 0;
    for (let k = 0; k < size; k++) {
      const inPart = start + k >= from && start + k < to;
      if (invalidAt[k]) {
        const { record, clause } = invalid[x++]!;
        if (inPart) yield { record, valid: false, rule: clause };
      } else {
        const record = valid[v++]!;
        if (inPart) yield { record, valid: true };
      }
    }
  }
}

/** `count` generated records: the same seed gives the same array (see iterateRecords). */
export function generateRecords(options: GenerateRecordsOptions): GeneratedRecord[] {
  return [...iterateRecords(options)];
}

/**
 * Part `index` of `count` parts of a set of `total` records (index from 1): positions from..to, as even
 * as can be. The parts in order cover every position once.
 */
export function shardRange(total: number, shard: { index: number; count: number }): { from: number; to: number } {
  return { from: Math.floor(((shard.index - 1) * total) / shard.count), to: Math.floor((shard.index * total) / shard.count) };
}
