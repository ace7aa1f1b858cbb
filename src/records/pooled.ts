import fc from 'fast-check';
import type { JsonValue } from '../json/JsonValue.ts';

const poolSize = 64;
let nextPoolSeed = 0x5eed;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) for (const inner of Object.values(Object.freeze(value))) deepFreeze(inner);
  return value;
}

/**
 * Values of `arbitrary`: fifteen times in sixteen one of 64 values generated once from it (fixed seed),
 * else a fresh one. For the record fields whose inside the schema leaves open: generating them afresh
 * would take most of a record's generation time, and they have no part in its validity. Pooled values
 * are shared between records, so they are deeply frozen: changing one throws instead of silently
 * changing other records (copying them instead cost a quarter of the generation rate).
 */
export function pooled<T extends JsonValue>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
  const seed = nextPoolSeed++;
  // Filled on first use, so that importing the module (every CLI start does) costs nothing; without
  // bias, because fc.sample would otherwise fill the pool with mostly tiny values.
  let pool: T[] | undefined;
  const fromPool = (i: number) => (pool ??= fc.sample(fc.noBias(arbitrary), { seed, numRuns: poolSize }).map(deepFreeze))[i]!;
  return fc.oneof({ weight: 15, arbitrary: fc.nat(poolSize - 1).map(fromPool) }, { weight: 1, arbitrary });
}
