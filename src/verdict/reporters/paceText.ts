import type { TargetPace } from '../RunReport.ts';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/**
 * The line a run prints for a deployment before its checks, every figure the run's own: "meeting platform
 * at https://… answers in 2.0 s (median of 4); generated checks: 85 s budget each; up to 8 requests side
 * by side at 10 per second".
 */
export function paceText(p: TargetPace): string {
  const latency = p.latencyMs === undefined ? 'gave the preflight no answer to time' : `answers in ${seconds(p.latencyMs)} (median of ${p.samples})`;
  const budget = p.checkBudgetMs === undefined ? 'generated checks off' : `generated checks: ${seconds(p.checkBudgetMs)} budget each`;
  const rate = p.rateLimit === undefined ? 'no rate limit' : `at ${p.rateLimit} per second`;
  // Why that many, when the run chose it: what the rate limit lets start while one answer is awaited.
  const why = p.concurrencyGiven || p.rateLimit === undefined || p.latencyMs === undefined ? '' : ` (${p.rateLimit} per second x ${seconds(p.latencyMs)}, within 8 to 32)`;
  return `${p.target} ${latency}; ${budget}; up to ${p.concurrency} request${p.concurrency === 1 ? '' : 's'} side by side${why}, ${rate}`;
}

/** "slowed by 3 answers 429 from meeting platform at …: 12.0 s waited on their Retry-After, 3 requests sent again"; undefined when it was not. */
export function slowedText(p: TargetPace): string | undefined {
  const s = p.slowed;
  if (!s?.answers) return undefined;
  return `slowed by ${s.answers} answer${s.answers === 1 ? '' : 's'} 429 from ${p.target}: ${seconds(s.waitedMs)} waited on their Retry-After, ${s.retried} request${s.retried === 1 ? '' : 's'} sent again`;
}
