import type { Clock } from './clock.ts';

/** Keys tracked at once; past it the windows start afresh (keys are accounts, a handful in practice). */
const maxLimitedKeys = 10_000;

/**
 * Per-key request budget per clock second: true while the key is within `perSecond`. Windows follow the
 * caller's clock, so tests can step past a limit without waiting. One window per key, replaced each
 * second; the keys are the accounts the mock serves, and the map is capped all the same.
 */
export function fixedWindowLimiter(clock: Clock, perSecond: () => number): (key: string) => boolean {
  const windows = new Map<string, { second: number; count: number }>();
  return (key) => {
    const limit = perSecond();
    if (!(limit > 0)) return true;
    const second = Math.floor(clock() / 1000);
    let window = windows.get(key);
    if (!window || window.second !== second) {
      if (!window && windows.size >= maxLimitedKeys) windows.clear();
      windows.set(key, (window = { second, count: 0 }));
    }
    window.count++;
    return window.count <= limit;
  };
}
