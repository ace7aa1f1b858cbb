import { describe, expect, it } from 'vitest';
import { mixSeed } from './mixSeed.ts';

describe('mixSeed', () => {
  it('is a pure 32-bit function of its inputs', () => {
    expect(mixSeed(7, 1, 2)).toBe(mixSeed(7, 1, 2));
    expect(Number.isInteger(mixSeed(2 ** 32 - 1, 5))).toBe(true);
    expect(Math.abs(mixSeed(1, 2))).toBeLessThanOrEqual(2 ** 31);
  });

  it('gives different seeds for neighbouring inputs, and order matters', () => {
    const seeds = new Set<number>();
    for (let seed = 0; seed < 20; seed++) for (let a = 0; a < 20; a++) for (let b = 0; b < 3; b++) seeds.add(mixSeed(seed, a, b));
    expect(seeds.size).toBe(20 * 20 * 3);
    expect(mixSeed(1, 2, 3)).not.toBe(mixSeed(1, 3, 2));
  });
});
