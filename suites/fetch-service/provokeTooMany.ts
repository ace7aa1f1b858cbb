import { setTimeout as sleep } from 'node:timers/promises';
import { rateLimitFor } from '../../src/exchange/rateLimit.ts';
import type { Exchange } from './fetchClient.ts';
import type { Post, SuiteTarget } from './SuiteTarget.ts';

export interface Crowd {
  /** The first 429, when one came. */
  tooMany: Exchange | undefined;
  /** Fetches started. */
  started: number;
  /** The most fetches that were in flight at once (started and not yet answered). */
  peak: number;
  /** Every reply that came before the crowd was dispersed. */
  replies: Exchange[];
  /** One fetch that was still waiting when the crowd was dispersed (a request to show when no reply came). */
  cut: Exchange | undefined;
}

/** At most this many fetches at once: far above any sensible per-account limit, and still gentle. */
export const maxCrowd = 64;

/**
 * Why a crowd without a 429 proves nothing of the target, when it could not grow past any limit: under a
 * rate limit of R requests a second, a slow fetch the target holds T s (until its fetch timeout) leaves
 * about R x T fetches in flight at once at most. Below `maxCrowd`, a target whose limit is above that (an operator's
 * setting; the seed names none) rightly answered none of them 429: the clause is not judged, never failed.
 */
export function crowdTooSmall(s: SuiteTarget, crowd: Crowd): string | undefined {
  if (crowd.tooMany) return undefined;
  const rate = rateLimitFor(s.client.endpoint, s.target.limits.rateLimit);
  // How long the target held a slow fetch: the longest reply the crowd got (its timeout's 504), which a
  // target whose timeout is shorter than --fetch-timeout says ends sooner; else the timeout given.
  const heldMs = crowd.replies.length ? Math.max(...crowd.replies.map((x) => x.durationMs)) : s.fetchTimeoutMs;
  const ceiling = Math.floor((rate * heldMs) / 1000);
  if (ceiling >= maxCrowd) return undefined;
  return `not judged: at ${rate} requests a second (--rate-limit), with each slow fetch held ${(heldMs / 1000).toFixed(1)} s by the target, at most about ${ceiling} fetches can be in flight at once, too few to pass a limit that may be higher (${crowd.started} started, no 429); a faster --rate-limit, or a target that holds a slow fetch longer (its fetch timeout), lets the crowd grow to ${maxCrowd}`;
}

/** At most this many fetches in all, when slots free up while the crowd grows (each held until the timeout). */
const maxStarted = 2 * maxCrowd;

/**
 * Ramps up slow fetches (held by the farm past the target's timeout) in doubling batches, 1, 1, 2, 4 ...
 * until one is answered 429 or `maxCrowd` are in flight at once; then waits for a 429 or for every fetch
 * to be answered. Every fetch still open is then cut, which frees its slot.
 *
 * A fetch answered after the target's timeout (its 504, on a machine so busy that the next batch came
 * late) frees its slot, and the ramp goes on: the batches keep doubling, so the crowd still outgrows any
 * limit at once. Only a fetch answered sooner than the timeout ends the ramp: the target does not hold
 * the slow page (it refused or failed it), so more fetches would hold no slot either.
 */
export async function provokeTooMany(s: SuiteTarget, post: Post): Promise<Crowd> {
  // Shared by the checks that need a 429, so no one check's signal stops it; it is short anyway.
  const disperse = new AbortController();
  const stop = disperse.signal;
  const url = s.farm.url('httpUrl', `/slow/headers?ms=${s.pastTimeoutMs}`);
  const replies: Exchange[] = [];
  const inFlight: Array<Promise<void>> = [];
  let waiting = 0;
  let peak = 0;
  let tooMany: Exchange | undefined;
  let cut: Exchange | undefined;
  let heldNoSlot = false;
  let answered: () => void = () => {};
  let nextAnswer = new Promise<void>((resolve) => (answered = resolve));
  const settle = (x: Exchange | undefined): void => {
    waiting--;
    if (x && stop.aborted) cut ??= x;
    else if (x) {
      replies.push(x);
      if (x.status === 429) tooMany ??= x;
      else if (x.durationMs < s.fetchTimeoutMs / 2) heldNoSlot = true;
    }
    answered();
    nextAnswer = new Promise<void>((resolve) => (answered = resolve));
  };
  const start = (): void => {
    waiting++;
    peak = Math.max(peak, waiting);
    inFlight.push(post({ body: { url }, retryBusy: false, signal: stop }).then(settle, () => settle(undefined)));
  };
  const done = (): boolean => tooMany !== undefined || heldNoSlot;
  try {
    // Batches of 1, 1, 2, 4 ... fetches: a gentle start on a deployment across a network.
    for (let k = 0; !done() && waiting < maxCrowd && inFlight.length < maxStarted; k++) {
      const batch = k === 0 ? 1 : 2 ** (k - 1);
      const size = Math.min(batch, maxCrowd - waiting, maxStarted - inFlight.length);
      for (let i = 0; i < size; i++) start();
      // Long enough for the batch to arrive and take its slots on a deployment across a network.
      await sleep(100);
    }
    // A full crowd: wait for a 429 or for every fetch's own end (a 504 at the timeout), however long a
    // busy machine or network takes; each fetch's own deadlines bound the wait.
    while (!done() && waiting > 0) await nextAnswer;
  } finally {
    disperse.abort();
    await Promise.allSettled(inFlight);
  }
  return { tooMany, started: inFlight.length, peak, replies, cut };
}
