import { describe, expect, it } from 'vitest';
import { generateRecords, iterateRecords, shardRange } from './generateRecords.ts';
import { recordClauseIds } from './recordClauses.ts';
import { validateRecord } from './validateRecord.ts';

describe('generateRecords', () => {
  it('is deterministic by seed, and another seed gives other records', () => {
    const a = JSON.stringify(generateRecords({ count: 300, seed: 7, invalidRatio: 0.3 }));
    expect(JSON.stringify(generateRecords({ count: 300, seed: 7, invalidRatio: 0.3 }))).toBe(a);
    expect(JSON.stringify(generateRecords({ count: 300, seed: 8, invalidRatio: 0.3 }))).not.toBe(a);
  });

  it('labels every record truthfully: valid ones validate, invalid ones fail on their rule alone', () => {
    const generated = generateRecords({ count: 2500, seed: 1, invalidRatio: 0.4 });
    for (const { record, valid, rule } of generated) {
      const clauses = validateRecord(record).map((e) => e.clause);
      if (valid) {
        expect(rule).toBeUndefined();
        expect(clauses).toEqual([]);
      } else {
        expect(clauses.length).toBeGreaterThan(0);
        expect(new Set(clauses)).toEqual(new Set([rule]));
      }
    }
    expect(new Set(generated.map((g) => g.rule).filter(Boolean)).size).toBe(recordClauseIds.length);
  });

  it('makes exactly floor(count * ratio) invalid records, spread out', () => {
    expect(generateRecords({ count: 10, seed: 1 }).every((g) => g.valid)).toBe(true);
    expect(generateRecords({ count: 10, seed: 1, invalidRatio: 1 }).every((g) => !g.valid)).toBe(true);
    const quarter = generateRecords({ count: 2001, seed: 1, invalidRatio: 0.25 }).map((g) => g.valid);
    expect(quarter.filter((v) => !v)).toHaveLength(500);
    expect(quarter.slice(0, 8)).toEqual([true, true, true, false, true, true, true, false]);
    expect(generateRecords({ count: 0, seed: 1 })).toEqual([]);
  });

  it('gives the same records whether asked for all at once or one by one', () => {
    const all = generateRecords({ count: 1200, seed: 3, invalidRatio: 0.1 });
    const streamed = [...iterateRecords({ count: 1200, seed: 3, invalidRatio: 0.1 })];
    expect(JSON.stringify(streamed)).toBe(JSON.stringify(all));
    // A shorter run is a prefix of a longer one with the same seed.
    expect(JSON.stringify(generateRecords({ count: 1100, seed: 3, invalidRatio: 0.1 }))).toBe(JSON.stringify(all.slice(0, 1100)));
  });

  it('makes any part of a set (from..to) exactly as the whole set has it, across batches', () => {
    const options = { count: 2100, seed: 9, invalidRatio: 0.4 };
    const whole = JSON.stringify(generateRecords(options));
    const parts = [1, 2, 3].map((index) => generateRecords({ ...options, ...shardRange(options.count, { index, count: 3 }) }));
    expect(parts.map((p) => p.length)).toEqual([700, 700, 700]);
    expect(JSON.stringify(parts.flat())).toBe(whole);
    expect(generateRecords({ ...options, from: 5, to: 5 })).toEqual([]);
    expect(() => generateRecords({ ...options, from: 10, to: 5 })).toThrow(/from and to/);
    expect(() => generateRecords({ ...options, to: 2101 })).toThrow(/from and to/);
  });

  it('shardRange: parts in order cover every position once, as even as can be', () => {
    for (const [total, count] of [[10, 3], [2, 3], [1_000_000, 7], [0, 2]] as const) {
      const ranges = Array.from({ length: count }, (_, i) => shardRange(total, { index: i + 1, count }));
      expect(ranges[0]!.from).toBe(0);
      expect(ranges.at(-1)!.to).toBe(total);
      ranges.slice(1).forEach((r, i) => expect(r.from).toBe(ranges[i]!.to));
      const sizes = ranges.map((r) => r.to - r.from);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  it('refuses options it cannot honour', () => {
    expect(() => generateRecords({ count: -1, seed: 1 })).toThrow(RangeError);
    expect(() => generateRecords({ count: 1.5, seed: 1 })).toThrow(/count/);
    expect(() => generateRecords({ count: 1, seed: 2 ** 40 })).toThrow(/seed/);
    expect(() => generateRecords({ count: 1, seed: 1, invalidRatio: 1.5 })).toThrow(/invalidRatio/);
    expect(() => generateRecords({ count: 1, seed: 1, invalidRatio: Number.NaN })).toThrow(/invalidRatio/);
  });
});
