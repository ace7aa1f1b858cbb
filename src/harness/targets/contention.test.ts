import { describe, expect, test } from 'vitest';
import { contentionFactor, sampleContention, scaledTimeoutMs } from './contention.ts';

describe('contentionFactor', () => {
  test('the share of a core a thread gets, or the load per core, whichever says busier; 1 when idle', () => {
    expect(contentionFactor({ cpuMs: 20, wallMs: 20, loadAverage: 0.3, cores: 2 })).toBe(1);
    // Four busy processes beside us on 2 cores: a fifth of a core each, about.
    expect(contentionFactor({ cpuMs: 20, wallMs: 160, loadAverage: 3, cores: 2 })).toBe(8);
    // Busy for the last minute, though this slice ran alone.
    expect(contentionFactor({ cpuMs: 20, wallMs: 21, loadAverage: 10, cores: 2 })).toBe(5);
    expect(contentionFactor({ cpuMs: 0, wallMs: 0, loadAverage: 0, cores: 0 })).toBe(1);
  });
});

describe('scaledTimeoutMs', () => {
  test('the idle timeout on an idle machine, that times the factor in whole seconds on a busy one, capped', () => {
    const scale = { idleMs: 1500, maxMs: 20_000 };
    expect(scaledTimeoutMs(scale, 1)).toBe(1500);
    expect(scaledTimeoutMs(scale, 2)).toBe(3000);
    expect(scaledTimeoutMs(scale, 8.5)).toBe(13_000);
    expect(scaledTimeoutMs(scale, 40)).toBe(20_000);
  });

  test('a floor above what the factor scales: the idle timeout until the scaled one passes it', () => {
    const scale = { idleMs: 4000, perFactorMs: 2000, maxMs: 30_000 };
    expect(scaledTimeoutMs(scale, 1)).toBe(4000);
    expect(scaledTimeoutMs(scale, 2)).toBe(4000);
    expect(scaledTimeoutMs(scale, 3.66)).toBe(8000);
    expect(scaledTimeoutMs(scale, 20)).toBe(30_000);
  });
});

test('sampleContention spins for the CPU time asked and reports the wall time it took', () => {
  const sample = sampleContention(3, 5);
  expect(sample.cpuMs).toBeGreaterThanOrEqual(5);
  expect(sample.wallMs).toBeGreaterThan(0);
  expect(sample.cores).toBeGreaterThan(0);
  expect(contentionFactor(sample)).toBeGreaterThanOrEqual(1);
});
