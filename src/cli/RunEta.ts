import type { RunPlan } from '../harness/options/RunOptions.ts';

/** Seconds as a person reads them: "40 s", "3 min 5 s", "1 h 2 min". */
export function roughDuration(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  return m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${Math.floor(m / 60)} h`;
}

/** A check that ended, as far as the estimate needs it. */
export interface EndedCheck {
  clause: string;
  durationMs: number;
}

const isGenerated = (clause: string) => clause.includes('-FUZZ-');

/**
 * How far a run is and about how long it has left, for the progress line. Until every suite file is
 * collected the total is estimated from the checks per file collected so far, and said as "about" (a
 * rate-limited run and a --grep run count them all before they start). The time left is the checks left,
 * each kind (generated, hand-written) at the mean time its ended checks took, divided by how many ran side
 * by side (the ended checks' time over the time elapsed): it takes in the target's latency, the rate limit
 * and the concurrency as measured, not as assumed.
 */
export class RunEta {
  #plan: RunPlan = { files: 0, filesCollected: 0, checksCollected: 0, generatedCollected: 0 };
  readonly #ended = { generated: { count: 0, ms: 0 }, written: { count: 0, ms: 0 } };
  readonly #start: number;
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
    this.#start = now();
  }

  plan(plan: RunPlan): void {
    this.#plan = { ...plan };
  }

  checkDone(check: EndedCheck): void {
    const kind = this.#ended[isGenerated(check.clause) ? 'generated' : 'written'];
    kind.count++;
    kind.ms += check.durationMs;
  }

  get #done(): number {
    return this.#ended.generated.count + this.#ended.written.count;
  }

  /** The checks the run will judge, of each kind: those collected, and as many per file not yet collected as the collected files have on average. */
  get total(): { checks: number; generated: number; estimated: boolean } | undefined {
    const { files, filesCollected, checksCollected, generatedCollected } = this.#plan;
    if (!filesCollected) return undefined;
    const scale = Math.max(files, filesCollected) / filesCollected;
    return {
      checks: Math.max(this.#done, Math.round(checksCollected * scale)),
      generated: Math.max(this.#ended.generated.count, Math.round(generatedCollected * scale)),
      estimated: files > filesCollected,
    };
  }

  /** Milliseconds left, or undefined before two checks ended (the first ones end early and say little). */
  #leftMs(total: { checks: number; generated: number }): number | undefined {
    const { generated, written } = this.#ended;
    if (this.#done < 2) return undefined;
    const mean = (k: { count: number; ms: number }, other: { count: number; ms: number }) => (k.count ? k.ms / k.count : other.ms / other.count);
    const generatedLeft = Math.max(0, total.generated - generated.count);
    const writtenLeft = Math.max(0, total.checks - total.generated - written.count);
    const elapsed = Math.max(1, this.#now() - this.#start);
    const sideBySide = Math.max(1, (generated.ms + written.ms) / elapsed);
    return (generatedLeft * mean(generated, written) + writtenLeft * mean(written, generated)) / sideBySide;
  }

  /** "12 of about 44 checks judged, about 1 min 10 s left", or what can be said before that is known. */
  text(): string {
    const total = this.total;
    const elapsed = this.#now() - this.#start;
    if (!total) return `${roughDuration(elapsed)} in, the checks being collected`;
    const judged = `${this.#done} of ${total.estimated ? 'about ' : ''}${total.checks} checks judged`;
    if (this.#done >= total.checks) return `${judged}, finishing`;
    const left = this.#leftMs(total);
    return left === undefined ? `${judged}, ${roughDuration(elapsed)} in, estimating the time left` : `${judged}, about ${roughDuration(left)} left`;
  }
}
