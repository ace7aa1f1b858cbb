import { defaultRequestBounds, type RequestBounds } from './requestBounds.ts';

/**
 * How every exchange with one target is held: its deadlines and size cap, and its pace. Carried as data
 * with each target (Targets, and what a suite makes of one), and handed to every exchange with it
 * (boundedRequest's `bounds`, pace's `limits`): there is no lookup by address, so no target can fall
 * back to another's, or to the run's, unnoticed.
 */
export interface ExchangeLimits {
  bounds: RequestBounds;
  /** Requests per second; absent: 10 for a host not on loopback, none on loopback; 0: none (rateLimit.ts). */
  rateLimit?: number;
  /**
   * Requests others wait on (a pagination walk's next page, whose token the page before gave): they take
   * the next free slot under the rate limit ahead of the requests queued without it, so a walk in order
   * goes at the target's latency, not behind every independent request in line (rateLimit.ts, pace).
   */
  inOrder?: boolean;
}

/** The limits of a process that runs no suite (`conform check`): the default bounds and pace. */
export const defaultLimits: Readonly<ExchangeLimits> = { bounds: defaultRequestBounds };
