import { AsyncLocalStorage } from 'node:async_hooks';

/** How long one request waited for its answer's headers, sending included (pacing not). */
export interface AnswerTime {
  url: string;
  ms: number;
}

const current = new AsyncLocalStorage<AnswerTime[]>();

/**
 * Runs `fn` keeping the time each of its requests (through boundedRequest) waited for its answer: how
 * the preflight learns a target's latency from the requests it makes anyway, with none more.
 */
export async function timeAnswers<T>(fn: () => Promise<T>): Promise<{ value: T; answers: AnswerTime[] }> {
  const answers: AnswerTime[] = [];
  const value = await current.run(answers, fn);
  return { value, answers };
}

/** Keeps one answer's time for the timeAnswers around it (none outside one). */
export function recordAnswerTime(url: string, ms: number): void {
  current.getStore()?.push({ url, ms });
}

/** The median of some times; undefined for none. */
export function medianMs(times: readonly number[]): number | undefined {
  if (!times.length) return undefined;
  const sorted = times.toSorted((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
