import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What came of a check's own requests to its target: how many it sent, and how many of them got a
 * server error (5xx) or no answer at all, by outcome. What a report needs to tell a flaky or overloaded
 * target from a faulty one (commonCauses.ts): "31 of 104 requests answered 503".
 */
export interface ExchangeOutcomes {
  /** Requests sent to the run's targets (none to the origin farm or a canary listener). */
  requests: number;
  /** By outcome (outcomeOf): "503", "no answer: no answer within 30 s"; absent when every request got an answer below 500. */
  troubles?: Record<string, number>;
  /**
   * Requests answered 2xx: the target served them. A check whose pass rests on refusals alone proves
   * nothing unless one of its requests was served (its control, check.ts); never part of a report.
   */
  served?: number;
  /** The target's 429s that slowed the check down (its Retry-After waited out, the request sent again); absent: none. */
  throttled?: Throttled;
}

/** What a target's 429s cost: the answers, the time waited on their Retry-After, and the requests sent again after one. */
export interface Throttled {
  answers: number;
  waitedMs: number;
  retried: number;
}

const current = new AsyncLocalStorage<ExchangeOutcomes>();
const targetOrigins = new Set<string>();

/** The origins of the run's targets (a suite file's setup names them): requests to anything else are not counted. */
export function countExchangesWith(urls: readonly string[]): void {
  targetOrigins.clear();
  for (const url of urls) targetOrigins.add(new URL(url).origin);
}

/** Runs a check with a tally of its own: the requests `fn` sends, through boundedRequest, are counted in it. */
export function withExchangeOutcomes<T>(tally: ExchangeOutcomes, fn: () => T): T {
  return current.run(tally, fn);
}

/**
 * Counts one exchange in the running check's tally (none outside a check, or to a host no target has):
 * its status, or why it got no answer (a NoAnswer's message).
 */
export function recordExchange(url: string, outcome: { status: number } | { noAnswer: string }): void {
  const tally = current.getStore();
  if (!tally || !targetOrigins.has(new URL(url).origin)) return;
  tally.requests++;
  if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) tally.served = (tally.served ?? 0) + 1;
  const trouble = outcomeOf(outcome);
  if (trouble) (tally.troubles ??= {})[trouble] = (tally.troubles[trouble] ?? 0) + 1;
}

/** Counts a 429 the running check waited out (for `waitedMs`) before sending its request again. */
export function recordThrottled(waitedMs: number): void {
  const tally = current.getStore();
  if (!tally) return;
  const t = (tally.throttled ??= { answers: 0, waitedMs: 0, retried: 0 });
  t.answers++;
  t.waitedMs += waitedMs;
  t.retried++;
}

/**
 * An exchange's outcome as tallies key it, or undefined for an answer below 500: the status ("503"), or
 * "no answer: " and why in words that stay the same from one request to the next (what varies, as
 * "(4,096 bytes read)", left out; a network code alone, as "ECONNRESET").
 */
export function outcomeOf(outcome: { status: number } | { noAnswer: string }): string | undefined {
  if ('status' in outcome) return outcome.status >= 500 ? String(outcome.status) : undefined;
  const code = /^([A-Z][A-Z_]+):/.exec(outcome.noAnswer)?.[1];
  return `no answer: ${code ?? outcome.noAnswer.replace(/\s*\([^()]*\)$/, '')}`;
}

/** The sum of several tallies (a target's checks). */
export function addOutcomes(into: ExchangeOutcomes, more: ExchangeOutcomes): void {
  into.requests += more.requests;
  for (const [outcome, n] of Object.entries(more.troubles ?? {})) (into.troubles ??= {})[outcome] = (into.troubles[outcome] ?? 0) + n;
}
