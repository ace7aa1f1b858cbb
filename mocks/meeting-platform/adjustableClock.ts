import { readingClock, type ReadingClock } from '../readingClock.ts';
import type { Clock } from './clock.ts';

/**
 * The mock's clock as the control API moves it: the clock the mock was made with, plus an offset. A user
 * who gave no manual clock can still expire tokens and page tokens, and step past rate-limit windows,
 * over HTTP; time keeps running from wherever it was moved to.
 */
export interface AdjustableClock extends ReadingClock {
  /** How far this clock is from the one it was made with. */
  readonly offsetMs: number;
  advance(ms: number): void;
  set(ms: number): void;
  /** Back to the clock it was made with. */
  reset(): void;
}

export function adjustableClock(base: Clock): AdjustableClock {
  let offset = 0;
  const clock = readingClock(() => base() + offset) as AdjustableClock;
  Object.defineProperty(clock, 'offsetMs', { get: () => offset, enumerable: true });
  clock.advance = (ms) => {
    offset += ms;
  };
  clock.set = (ms) => {
    offset = ms - base();
  };
  clock.reset = () => {
    offset = 0;
  };
  return clock;
}
