import { describe, expect, test } from 'vitest';
import { concurrencyFor } from './concurrencyFor.ts';
import { runConcurrency } from './targetPaces.ts';

describe("the default concurrency, by Little's law", () => {
  test('the rate limit x the latency, at least 8 and at most 32; 8 without a rate or a latency', () => {
    expect(concurrencyFor(10, 2000)).toBe(20);
    expect(concurrencyFor(10, 2016)).toBe(21);
    expect(concurrencyFor(10, 300)).toBe(8);
    expect(concurrencyFor(50, 2000)).toBe(32);
    expect(concurrencyFor(Infinity, 2000)).toBe(8);
    expect(concurrencyFor(10, undefined)).toBe(8);
  });

  test("the run's one figure: --concurrency given wins, else the farthest target's", () => {
    const paces = [{ rateLimit: 10, latencyMs: 2000 }, { latencyMs: 5 }, { rateLimit: 10, latencyMs: 1200 }];
    expect(runConcurrency({}, paces)).toBe(20);
    expect(runConcurrency({ concurrency: 3 }, paces)).toBe(3);
    expect(runConcurrency({}, [])).toBe(8);
  });
});
