import type { ExchangeLimits } from '../../exchange/exchangeLimits.ts';
import { rateLimitFor } from '../../exchange/rateLimit.ts';

/** Milliseconds a request to `url`, under its target's `limits`, may take: its slot under the rate limit and 50 for the answer. */
export function perRequestMs(url: string, limits: ExchangeLimits): number {
  const rate = rateLimitFor(url, limits.rateLimit);
  return rate === Infinity ? 50 : 1000 / rate + 50;
}

/**
 * How long one generated check against `url` may run: the crash clause's valid and mutated sequences
 * (2 × runs), up to 300 requests more while shrinking, and a minute for everything else.
 */
export function generatedTimeoutMs(url: string, limits: ExchangeLimits, runs: number): number {
  return 60_000 + (2 * runs + 300) * perRequestMs(url, limits);
}
