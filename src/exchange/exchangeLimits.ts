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
}

/** The limits of a process that runs no suite (`conform check`): the default bounds and pace. */
export const defaultLimits: Readonly<ExchangeLimits> = { bounds: defaultRequestBounds };
