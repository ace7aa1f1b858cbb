import { defaultConcurrency, maxDefaultConcurrency } from '../suite-api/targets.ts';

/**
 * Requests to a target in flight at once when --concurrency is not given, by Little's law: as many as
 * its rate limit lets start while one waits for its answer (10 per second x 2 s = 20), so a far
 * deployment's latency costs no rate it allows; never fewer than defaultConcurrency (a near target
 * loses nothing by it) nor more than maxDefaultConcurrency. Without a rate limit or a measured latency
 * there is nothing to fill: defaultConcurrency.
 */
export function concurrencyFor(rate: number, latencyMs: number | undefined): number {
  if (rate === Infinity || latencyMs === undefined || !(rate > 0)) return defaultConcurrency;
  return Math.min(maxDefaultConcurrency, Math.max(defaultConcurrency, Math.ceil((rate * latencyMs) / 1000)));
}
