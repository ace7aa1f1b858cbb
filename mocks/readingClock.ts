/**
 * What a clock read since its count was last set to 0: how many readings, and the first and the last.
 * The judged route table sets `count` to 0 before each answer and reads the rest after it.
 */
export interface ClockReadings {
  count: number;
  first: number;
  last: number;
}

/**
 * A mock's clock that notes its readings, so that the judge can date an exchange by the times the mock
 * itself went by while answering it (a token's issue, a token's expiry, a rate-limit window), with no
 * reading of its own: two more readings per request were a sixth of the judge's cost on the list page
 * (Date.now() takes about 50 ns here, and the mock reads its clock anyway).
 */
export interface ReadingClock {
  (): number;
  readonly readings: ClockReadings;
}

/** `time` (milliseconds since the epoch), noting each reading. */
export function readingClock(time: () => number): ReadingClock {
  const readings: ClockReadings = { count: 0, first: 0, last: 0 };
  const clock = (() => {
    const now = time();
    if (readings.count++ === 0) readings.first = now;
    readings.last = now;
    return now;
  }) as ReadingClock & { readings: ClockReadings };
  clock.readings = readings;
  return clock;
}
