import { medianMs } from '../../exchange/answerTimes.ts';
import type { ExchangeLimits } from '../../exchange/exchangeLimits.ts';
import { rateLimitFor } from '../../exchange/rateLimit.ts';
import type { ConformOptions } from '../options/ConformOptions.ts';
import type { TargetPace } from '../../verdict/RunReport.ts';
import { budgetOf, generatedTimeoutMs } from '../suite-api/generatedTimeoutMs.ts';
import { concurrencyFor } from './concurrencyFor.ts';
import type { TargetLatency } from './preflight.ts';

/**
 * Each deployment's pace as the run will hold it (the line printed before the checks, and the report's
 * `pace`): its measured latency, its generated checks' budget (--check-budget, or what the suites give
 * them at the target's rate), the concurrency cap and the rate limit. The concurrency is the run's one
 * figure (the suites get one): --concurrency, else the most any target's rate and latency call for
 * (concurrencyFor), so the farthest target's latency is hidden and a near one's cap is no lower than 8.
 */
export function targetPaces(options: ConformOptions, latencies: readonly TargetLatency[]): TargetPace[] {
  const budget = (url: string, limits: ExchangeLimits, slowMs = 0): number | undefined => {
    if (options.fuzzRuns === 0) return undefined;
    if (options.checkBudget !== undefined) return options.checkBudget * 1000;
    return budgetOf(slowMs + generatedTimeoutMs(url, limits, options.fuzzRuns));
  };
  const pace = (i: number, suite: TargetLatency['suite'], url: string, limits: ExchangeLimits, slowMs?: number): Omit<TargetPace, 'concurrency'> | undefined => {
    const measured = latencies.filter((l) => l.suite === suite)[i];
    if (!measured) return undefined;
    const latencyMs = medianMs(measured.answersMs);
    const rate = rateLimitFor(url, limits.rateLimit);
    const checkBudgetMs = budget(url, limits, slowMs);
    return {
      suite,
      target: measured.target,
      ...(latencyMs !== undefined ? { latencyMs: Math.round(latencyMs) } : {}),
      samples: measured.answersMs.length,
      ...(checkBudgetMs !== undefined ? { checkBudgetMs: Math.round(checkBudgetMs) } : {}),
      ...(rate !== Infinity ? { rateLimit: rate } : {}),
    };
  };
  const paces = [
    // The fetch suite's generated checks have four fetch timeouts more (suites/fetch-service/fuzzChecks.ts).
    ...options.targets['fetch-service'].map((t, i) => pace(i, 'fetch-service', t.baseUrl, t.limits, 4 * t.fetchTimeoutSeconds * 1000)),
    ...options.targets['meeting-platform'].map((t, i) => pace(i, 'meeting-platform', t.apiBaseUrl, t.limits)),
  ].filter((p) => p !== undefined);
  const concurrency = runConcurrency(options, paces);
  return paces.map((p) => ({ ...p, concurrency, ...(options.concurrency !== undefined ? { concurrencyGiven: true } : {}) }));
}

/** The run's concurrency: --concurrency, else the most its targets' rates at their measured latencies call for. */
export function runConcurrency(options: Pick<ConformOptions, 'concurrency'>, paces: ReadonlyArray<Pick<TargetPace, 'rateLimit' | 'latencyMs'>>): number {
  if (options.concurrency !== undefined) return options.concurrency;
  return Math.max(concurrencyFor(Infinity, undefined), ...paces.map((p) => concurrencyFor(p.rateLimit ?? Infinity, p.latencyMs)));
}
