import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NoAnswer } from './NoAnswer.ts';

interface OriginRecord {
  answered: boolean;
  failures: number;
  last: string;
}

/**
 * Origins that have not given one complete answer in this run. Each exchange is bounded, but a check
 * may send dozens in a row: against a target that drips on every path, that is dozens of full
 * deadlines. Once an origin has run into the bounds `giveUpAfter` times without ever answering whole,
 * further requests to it end at once with that history as their reason. An origin that has answered
 * once is never given up on: a correct target, or one broken on a few paths, is judged on every request.
 *
 * A run's suite files each run in a process of their own; kept in one process only, the record let each
 * file wait out the deadlines again (when the meeting-platform suite was five files, a target that sends
 * headers and never a body took more than 8 minutes at the default deadlines). Shared through a directory (`share`), the
 * record is the run's: once one file has given up on an origin, the next ones do at once.
 */
export class SilentTargets {
  readonly giveUpAfter: number;
  readonly #origins = new Map<string, OriginRecord>();
  /** The request in flight to each origin that has not answered yet: the others wait for it to settle. */
  readonly #ahead = new Map<string, Promise<void>>();
  #shared: string | undefined;

  // Two: the first request of a run to a correct target answers whole well within the default deadlines
  // (30 s for headers, 60 s for a body); with three, a meeting-platform run whose token requests go one
  // after another took three body deadlines before giving up, over 3 minutes (210 s measured).
  constructor(giveUpAfter = 2) {
    this.giveUpAfter = giveUpAfter;
  }

  /** Keeps the record in `dir` too, read and written by every process of the run that shares it. */
  share(dir: string): void {
    this.#shared = dir;
  }

  /** The reason not to send to `url`'s origin, or undefined to go ahead. */
  givenUp(url: string): NoAnswer | undefined {
    const origin = originOf(url);
    const o = this.#record(origin);
    if (o.answered || o.failures < this.giveUpAfter) return undefined;
    return new NoAnswer(`not sent: none of the ${o.failures} requests to ${origin} so far got a complete answer (the last: ${o.last})`, { bounded: true });
  }

  /**
   * Waits for `url`'s turn: to an origin that has answered, at once; to one that has not (yet), one
   * request at a time, so checks side by side do not send a silent target a request each before the
   * first has run into its deadline (the run gives up after `giveUpAfter`, not after as many as were
   * started). Throws the reason not to send once the origin is given up on. Call the function it returns
   * once the request has settled (after `answered` or `failed`).
   */
  async turn(url: string): Promise<() => void> {
    const origin = originOf(url);
    for (;;) {
      const givenUp = this.givenUp(url);
      if (givenUp) throw givenUp;
      if (this.#record(origin).answered) return () => undefined;
      const ahead = this.#ahead.get(origin);
      if (!ahead) break;
      await ahead;
    }
    let settle!: () => void;
    this.#ahead.set(origin, new Promise<void>((resolve) => (settle = resolve)));
    return () => {
      this.#ahead.delete(origin);
      settle();
    };
  }

  answered(url: string): void {
    const origin = originOf(url);
    if (this.#origins.get(origin)?.answered) return;
    this.#origins.set(origin, { answered: true, failures: 0, last: '' });
    this.#append(origin, 'answered');
  }

  failed(url: string, why: NoAnswer): void {
    if (!why.bounded) return;
    const origin = originOf(url);
    const o = this.#origins.get(origin) ?? { answered: false, failures: 0, last: '' };
    if (o.answered) return;
    this.#origins.set(origin, { answered: false, failures: o.failures + 1, last: why.message });
    this.#append(origin, `failed\t${why.message.replace(/\s+/g, ' ')}`);
  }

  /** What this process knows of `origin`, joined with what the run's other processes wrote of it. */
  #record(origin: string): OriginRecord {
    const own = this.#origins.get(origin) ?? { answered: false, failures: 0, last: '' };
    if (own.answered || !this.#shared) return own;
    let lines: string[];
    try {
      lines = readFileSync(this.#fileOf(origin), 'utf8').split('\n');
    } catch {
      // Nothing written of it yet (or the directory is gone with its run): this process's record stands.
      return own;
    }
    if (lines.includes('answered')) {
      const answered = { answered: true, failures: 0, last: '' };
      this.#origins.set(origin, answered);
      return answered;
    }
    const failed = lines.filter((l) => l.startsWith('failed\t'));
    // This process's own failures are in the file too, unless writing them failed.
    if (failed.length < own.failures) return own;
    return { answered: false, failures: failed.length, last: failed.at(-1)?.slice('failed\t'.length) ?? own.last };
  }

  #append(origin: string, line: string): void {
    if (!this.#shared) return;
    try {
      // One short line per call, appended: lines written at once by several processes do not mix.
      appendFileSync(this.#fileOf(origin), `${line}\n`);
    } catch {
      // Best effort: without the shared record this process still keeps its own.
    }
  }

  #fileOf(origin: string): string {
    return join(this.#shared!, encodeURIComponent(origin));
  }
}

/** The record every exchange of this process keeps (boundedRequest's default), shared with the run's other processes once a suite file starts. */
export const runSilentTargets = new SilentTargets();

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
