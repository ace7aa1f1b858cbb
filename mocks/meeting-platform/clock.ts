/** Milliseconds since the epoch, as the mock sees them: tokens and page tokens expire against it. */
export type Clock = () => number;

/** A clock that stands still until the caller moves it, so tests can expire tokens without waiting. */
export interface ManualClock {
  (): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function manualClock(startMs: number = Date.UTC(2030, 0, 7, 9, 0, 0)): ManualClock {
  let now = startMs;
  const clock = (() => now) as ManualClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (ms) => {
    now = ms;
  };
  return clock;
}
