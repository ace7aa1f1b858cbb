import { NoAnswer } from './NoAnswer.ts';

/**
 * Origins that have not given one complete answer in this process. Each exchange is bounded, but a
 * check may send dozens in a row: against a target that drips on every path, that is dozens of full
 * deadlines. Once an origin has run into the bounds `giveUpAfter` times without ever answering whole,
 * further requests to it end at once with that history as their reason. An origin that has answered
 * once is never given up on: a correct target, or one broken on a few paths, is judged on every request.
 */
export class SilentTargets {
  readonly giveUpAfter: number;
  readonly #origins = new Map<string, { answered: boolean; failures: number; last: string }>();

  constructor(giveUpAfter = 3) {
    this.giveUpAfter = giveUpAfter;
  }

  /** The reason not to send to `url`'s origin, or undefined to go ahead. */
  givenUp(url: string): NoAnswer | undefined {
    const o = this.#origins.get(originOf(url));
    if (!o || o.answered || o.failures < this.giveUpAfter) return undefined;
    return new NoAnswer(`not sent: none of the ${o.failures} requests to ${originOf(url)} so far got a complete answer (the last: ${o.last})`, { bounded: true });
  }

  answered(url: string): void {
    this.#origins.set(originOf(url), { answered: true, failures: 0, last: '' });
  }

  failed(url: string, why: NoAnswer): void {
    const origin = originOf(url);
    const o = this.#origins.get(origin) ?? { answered: false, failures: 0, last: '' };
    if (why.bounded && !o.answered) this.#origins.set(origin, { answered: false, failures: o.failures + 1, last: why.message });
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
