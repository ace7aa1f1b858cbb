import type { ClientCase } from './ClientCase.ts';
import type { ServerAnswer } from './ClientExchange.ts';
import type { JournalEntry } from './JournalEntry.ts';

/** 429s remembered at once; past this the oldest is forgotten (a client that never retries leaves them). */
const maxWatched = 256;

interface Limited {
  /** When the wait the answer asked for is over, on the judge's clock (a 429 without Retry-After: the least wait). */
  until: number;
  answeredAt: number;
  /** Undefined for a 429 that named no wait (watched only with `withoutRetryAfter`). */
  retryAfter: string | undefined;
  entry: JournalEntry;
  /** When another exchange was first answered after this 429: a slot freed, which the client may have waited for. */
  otherAnswerAt?: number;
}

/**
 * How a 429 without Retry-After is judged, where the service's guidance asks for a wait or fewer fetches
 * at once (the fetch seed's §7: "Wait and retry, or reduce concurrency"): the same request sent again
 * sooner than `minWaitMs`, with no exchange answered in between (no slot freed, so no fewer in flight),
 * did neither.
 */
export interface WithoutRetryAfter {
  minWaitMs: number;
  /** The path of the clause those resends are judged on. */
  path: string;
  diagnosis: string;
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
  readonly #without: WithoutRetryAfter | undefined;
  /** 429s without Retry-After watched now: while none is, no exchange looks at the others. */
  #unnamed = 0;

  constructor(clause: string, withoutRetryAfter?: WithoutRetryAfter) {
    this.#clause = clause;
    this.#without = withoutRetryAfter;
  }

  /** Whether any 429 is watched: while none is, only an exchange answered 429 has anything to record. */
  get watching(): boolean {
    return this.#limited.size !== 0;
  }

  /** The case of a request sent again after a 429, if it is one. */
  judge(key: string, receivedAt: number): ClientCase | undefined {
    // Most sessions see no 429 at all: no key to look up.
    if (this.#limited.size === 0) return undefined;
    const limited = this.#limited.get(key);
    if (!limited) return undefined;
    if (limited.retryAfter === undefined) return this.#judgeUnnamed(limited, receivedAt);
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

  #judgeUnnamed(limited: Limited, receivedAt: number): ClientCase {
    const { path, diagnosis } = this.#without!;
    const freed = limited.otherAnswerAt !== undefined && limited.otherAnswerAt <= receivedAt;
    if (receivedAt >= limited.until || freed) return { clause: this.#clause, path };
    const waited = Math.max(0, receivedAt - limited.answeredAt);
    return {
      clause: this.#clause,
      path,
      problem: `sent again ${waited} ms after the 429 of request #${limited.entry.id}, which named no Retry-After, with no other request answered in between: neither a wait nor fewer requests in flight`,
      cause: 'sent again at once after a 429 without Retry-After',
      diagnosis,
    };
  }

  /** After the exchange: a 429 with a Retry-After is watched; a request sent again ends the watch. */
  record(key: string, answer: ServerAnswer, answeredAt: number, entry: JournalEntry): void {
    if (this.#limited.size !== 0) {
      // An answer frees a slot for the 429s without Retry-After that came before it.
      if (this.#unnamed !== 0) for (const limited of this.#limited.values()) if (limited.retryAfter === undefined) limited.otherAnswerAt ??= answeredAt;
      this.#forget(key);
    }
    if (answer.status !== 429) return;
    const retryAfter = answer.headers['retry-after'];
    const wait = retryAfterMs(retryAfter, answeredAt);
    if (wait === undefined && (this.#without === undefined || retryAfter?.trim())) return;
    if (this.#limited.size >= maxWatched) this.#forget(this.#limited.keys().next().value!);
    if (wait === undefined) {
      this.#limited.set(key, { until: answeredAt + this.#without!.minWaitMs, answeredAt, retryAfter: undefined, entry });
      this.#unnamed++;
      return;
    }
    this.#limited.set(key, { until: answeredAt + wait, answeredAt, retryAfter: retryAfter!, entry });
  }

  #forget(key: string): void {
    const limited = this.#limited.get(key);
    if (limited === undefined) return;
    if (limited.retryAfter === undefined) this.#unnamed--;
    this.#limited.delete(key);
  }
}
