import type { Clock } from './clock.ts';

/**
 * Per-key request budget per clock second: true while the key is within `perSecond`. Windows follow the
 * caller's clock, so tests can step past a limit without waiting.
 */
export function fixedWindowLimiter(clock: Clock, perSecond: () => number): (key: string) => boolean {
  const windows = new Map<string, { second: number; count: number }>();
  return (key) => {
    const limit = perSecond();
    if (!(limit > 0)) return true;
    const second = Math.floor(clock() / 1000);
    let window = windows.get(key);
    if (!window || window.second !== second) windows.set(key, (window = { second, count: 0 }));
    window.count++;
    return window.count <= limit;
  };
}
