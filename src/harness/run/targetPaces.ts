import { medianMs } from '../../exchange/answerTimes.ts';
import type { ExchangeLimits } from '../../exchange/exchangeLimits.ts';
import { rateLimitFor } from '../../exchange/rateLimit.ts';
import type { ConformOptions } from '../targets/ConformOptions.ts';
import { defaultOf } from '../options/runOptionTable.ts';
import type { TargetPace } from '../reports/RunReport.ts';
import { budgetOf, generatedTimeoutMs } from '../suite-api/generatedTimeoutMs.ts';
import type { TargetLatency } from './preflight.ts';

/**
 * Each deployment's pace as the run will hold it (the line printed before the checks, and the report's
 * `pace`): its measured latency, its generated checks' budget (--check-budget, or what the suites give
 * them at the target's rate), the concurrency cap and the rate limit.
 */
export function targetPaces(options: ConformOptions, latencies: readonly TargetLatency[]): TargetPace[] {
  const concurrency = options.concurrency ?? defaultOf('concurrency');
  const budget = (url: string, limits: ExchangeLimits, slowMs = 0): number | undefined => {
    if (options.fuzzRuns === 0) return undefined;
    if (options.checkBudget !== undefined) return options.checkBudget * 1000;
    return budgetOf(slowMs + generatedTimeoutMs(url, limits, options.fuzzRuns));
  };
  const pace = (i: number, suite: TargetLatency['suite'], url: string, limits: ExchangeLimits, slowMs?: number): TargetPace | undefined => {
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
      concurrency,
      ...(rate !== Infinity ? { rateLimit: rate } : {}),
    };
  };
  return [
    // The fetch suite's generated checks have four fetch timeouts more (suites/fetch-service/defineFetchGeneratedChecks.ts).
    ...options.targets['fetch-service'].map((t, i) => pace(i, 'fetch-service', t.baseUrl, t.limits, 4 * t.fetchTimeout * 1000)),
    ...options.targets['meeting-platform'].map((t, i) => pace(i, 'meeting-platform', t.apiBaseUrl, t.limits)),
  ].filter((p): p is TargetPace => p !== undefined);
}
