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

/** What a check keeps past its budget for the request in flight at the end, and the report: a fifth of its time, between 5 and 30 s. */
function marginOf(timeoutMs: number): number {
  return Math.min(Math.max(timeoutMs / 5, 5000), 30_000);
}

/**
 * The time a generated check spends judging: its timeout less what the request in flight at the end, and
 * the report, may need, so that it ends on its budget, not the runner's.
 */
export function budgetOf(timeoutMs: number): number {
  return timeoutMs - marginOf(timeoutMs);
}

/** The timeout of a check given a budget (--check-budget): the budget and the margin budgetOf keeps, so budgetOf(timeoutFor(b)) is b. */
export function timeoutFor(budgetMs: number): number {
  // marginOf(t) = t / 5 between 25 and 150 s of t, that is b / 4 between 20 and 120 s of b.
  const margin = budgetMs <= 20_000 ? 5000 : budgetMs >= 120_000 ? 30_000 : budgetMs / 4;
  return budgetMs + margin;
}
