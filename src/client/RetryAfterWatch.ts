import type { ClientCase } from './ClientCase.ts';
import type { ServerAnswer } from './ClientExchange.ts';
import type { JournalEntry } from './JournalEntry.ts';

/** 429s remembered at once; past this the oldest is forgotten (a client that never retries leaves them). */
const maxWatched = 256;

interface Limited {
  /** When the wait the answer asked for is over, on the judge's clock. */
  until: number;
  answeredAt: number;
  retryAfter: string;
  entry: JournalEntry;
}

/**
 * Milliseconds a Retry-After value asks the client to wait, from the moment the answer went out: delay
 * seconds, or an HTTP date (RFC 9110 §10.2.3); undefined when it is neither.
 */
export function retryAfterMs(value: string | undefined, answeredAt: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - answeredAt);
}

/**
 * The rule "after a 429, not the same request again before Retry-After", for any service: requests are
 * compared by a key the service's judge makes (method, path, query; or the fetch's body). Bounded.
 */
export class RetryAfterWatch {
  readonly #limited = new Map<string, Limited>();
  readonly #clause: string;

  constructor(clause: string) {
    this.#clause = clause;
  }

  /** The case of a request sent again after a 429, if it is one. */
  judge(key: string, receivedAt: number): ClientCase | undefined {
    // Most sessions see no 429 at all: no key to look up.
    if (this.#limited.size === 0) return undefined;
    const limited = this.#limited.get(key);
    if (!limited) return undefined;
    if (receivedAt >= limited.until) return { clause: this.#clause, path: 'after-429' };
    const waited = Math.max(0, receivedAt - limited.answeredAt);
    return {
      clause: this.#clause,
      path: 'after-429',
      problem: `sent again ${waited} ms after the 429 of request #${limited.entry.id}, whose Retry-After (${limited.retryAfter}) asked for ${limited.until - limited.answeredAt} ms`,
      cause: 'sent again before the Retry-After of a 429 had passed',
      diagnosis: 'On a 429, read Retry-After (seconds, or an HTTP date) and wait at least that long before sending the request again.',
    };
  }

  /** After the exchange: a 429 with a Retry-After is watched; a request sent again ends the watch. */
  record(key: string, answer: ServerAnswer, answeredAt: number, entry: JournalEntry): void {
    if (this.#limited.size !== 0) this.#limited.delete(key);
    if (answer.status !== 429) return;
    const retryAfter = answer.headers['retry-after'];
    const wait = retryAfterMs(retryAfter, answeredAt);
    if (wait === undefined) return;
    if (this.#limited.size >= maxWatched) this.#limited.delete(this.#limited.keys().next().value!);
    this.#limited.set(key, { until: answeredAt + wait, answeredAt, retryAfter: retryAfter!, entry });
  }
}
