import { setTimeout as sleep } from 'node:timers/promises';
import type { Exchange } from './fetchClient.ts';
import type { Post, SuiteTarget } from './SuiteTarget.ts';

export interface Crowd {
  /** The first 429, when one came. */
  tooMany: Exchange | undefined;
  /** Fetches started. */
  started: number;
  /** Every reply that came before the crowd was dispersed. */
  replies: Exchange[];
  /** One fetch that was still waiting when the crowd was dispersed (a request to show when no reply came). */
  cut: Exchange | undefined;
}

/** At most this many fetches at once: far above any sensible per-account limit, and still gentle. */
export const maxCrowd = 64;

/**
 * Ramps up slow fetches (held by the farm past the target's timeout) in doubling batches, 1, 1, 2, 4 ...
 * up to `maxCrowd` in flight, until one is answered 429, one ends otherwise (slots free again, so more
 * would prove nothing), or the crowd is full and one is answered. Then every fetch still open is cut,
 * which frees its slot.
 */
export async function provokeTooMany(s: SuiteTarget, post: Post): Promise<Crowd> {
  // Shared by the checks that need a 429, so no one check's signal stops it; it is short anyway.
  const disperse = new AbortController();
  const stop = disperse.signal;
  const url = s.farm.url('httpUrl', `/slow/headers?ms=${s.pastTimeoutMs}`);
  const replies: Exchange[] = [];
  const inFlight: Array<Promise<void>> = [];
  let tooMany: Exchange | undefined;
  let cut: Exchange | undefined;
  let ended = false;
  const start = (): void => {
    const reply = post({ body: { url }, retryBusy: false, signal: stop }).then((x) => {
      if (stop.aborted) {
        cut ??= x;
        return;
      }
      replies.push(x);
      if (x.status === 429) tooMany ??= x;
      else ended = true;
    });
    inFlight.push(reply);
  };
  try {
    while (!tooMany && !ended && inFlight.length < maxCrowd) {
      const batch = Math.max(1, Math.min(inFlight.length, maxCrowd - inFlight.length));
      for (let i = 0; i < batch; i++) start();
      // Long enough for the batch to arrive and take its slots on a deployment across a network.
      await sleep(100);
    }
    // A full crowd: wait for the first reply, a 429 or the slow page's own end (a 504 at the timeout), so
    // a busy machine or network cannot make a 429 miss the window.
    if (!tooMany && !ended) await Promise.race([Promise.race(inFlight), Promise.all(inFlight), sleep(s.pastTimeoutMs + 5000)]);
  } finally {
    disperse.abort();
    await Promise.allSettled(inFlight);
  }
  return { tooMany, started: inFlight.length, replies, cut };
}
