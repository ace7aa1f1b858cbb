import type { RunPlan } from '../harness/options/RunOptions.ts';

/** Seconds as a person reads them: "40 s", "3 min 5 s", "1 h 2 min". */
export function roughDuration(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  return m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${Math.floor(m / 60)} h`;
}

/**
 * How far a run is and about how long it has left, for the progress line. The suites' files are
 * collected as they start (one after another under a rate limit), so until every file is collected the
 * total is estimated from the checks per file collected so far, and said as "about". The time left is the
 * time the checks judged so far took, scaled to the checks left: it takes in the target's latency, the
 * rate limit and how many checks run side by side, as measured, not as assumed.
 */
export class RunEta {
  #plan: RunPlan = { files: 0, filesCollected: 0, checksCollected: 0 };
  #done = 0;
  readonly #start: number;
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
    this.#start = now();
  }

  plan(plan: RunPlan): void {
    this.#plan = { ...plan };
  }

  checkDone(): void {
    this.#done++;
  }

  /** The checks the run will judge: those collected, and as many per file not yet collected as the collected files have on average. */
  get total(): { checks: number; estimated: boolean } | undefined {
    const { files, filesCollected, checksCollected } = this.#plan;
    if (!filesCollected) return undefined;
    const uncollected = Math.max(0, files - filesCollected);
    return { checks: Math.max(this.#done, Math.round(checksCollected + (uncollected * checksCollected) / filesCollected)), estimated: uncollected > 0 };
  }

  /** "12 of about 44 checks judged, about 1 min 10 s left", or what can be said before that is known. */
  text(): string {
    const total = this.total;
    const elapsed = this.#now() - this.#start;
    if (!total) return `${roughDuration(elapsed)} in, the checks being collected`;
    const judged = `${this.#done} of ${total.estimated ? 'about ' : ''}${total.checks} checks judged`;
    // Two checks at least: the first ones end early (a refused request takes no time) and say little.
    if (this.#done < 2) return `${judged}, ${roughDuration(elapsed)} in, estimating the time left`;
    const left = (elapsed * (total.checks - this.#done)) / this.#done;
    return total.checks > this.#done ? `${judged}, about ${roughDuration(left)} left` : `${judged}, finishing`;
  }
}
