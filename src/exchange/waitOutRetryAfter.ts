import { setTimeout as sleep } from 'node:timers/promises';
import { recordThrottled } from './exchangeOutcomes.ts';

/** The longest a Retry-After is waited out: a target asking for more gets its request sent again then. */
export const maxRetryAfterSeconds = 60;

/**
 * Seconds a Retry-After asks for (delay-seconds or an HTTP date), at most maxRetryAfterSeconds; `fallback`
 * when it is absent or unreadable.
 */
export function retryAfterSeconds(retryAfter: string | null | undefined, fallback: number, clock = Date.now()): number {
  const text = retryAfter?.trim() ?? '';
  const seconds = /^\d+$/.test(text) ? Number(text) : text ? (Date.parse(text) - clock) / 1000 : Number.NaN;
  if (!Number.isFinite(seconds)) return fallback;
  return Math.min(Math.max(seconds, 0), maxRetryAfterSeconds);
}

/**
 * Waits out a 429 before its request is sent again: its Retry-After (default 1 s, at most a minute), cut
 * short by the check's own end (`signal`: its budget). The running check's tally counts it, so the report
 * says the run was slowed and by how much, apart from what the check judged.
 */
export async function waitOutRetryAfter(retryAfter: string | null | undefined, signal?: AbortSignal): Promise<void> {
  const ms = retryAfterSeconds(retryAfter, 1) * 1000;
  const started = performance.now();
  try {
    await sleep(ms, undefined, signal ? { signal } : {});
  } finally {
    recordThrottled(performance.now() - started);
  }
}
