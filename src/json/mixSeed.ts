/**
 * A 32-bit seed derived from a seed and some integers (a batch number, a stream, a clause's position),
 * spread so that neighbouring inputs give unrelated seeds: murmur3's finaliser over a running hash.
 */
export function mixSeed(seed: number, ...parts: number[]): number {
  let h = seed | 0;
  for (const part of parts) {
    h = Math.imul(h ^ Math.imul(part + 1, 0x9e3779b1), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return (h ^ (h >>> 13)) | 0;
}
