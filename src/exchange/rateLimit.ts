import { isLoopbackHost } from './isLoopbackHost.ts';
import type { ExchangeLimits } from './exchangeLimits.ts';

/** Requests per second to a deployment that is not on this machine, unless --rate-limit says otherwise. */
export const defaultRateLimit = 10;

/**
 * Requests per second the suites may send to `url`'s origin: the rate its target was given (--rate-limit;
 * 0 = no limit), else 10 for a deployment elsewhere and no limit on loopback, where nobody else is served.
 */
export function rateLimitFor(url: string, configured: number | undefined): number {
  if (configured !== undefined) return configured > 0 ? configured : Infinity;
  return isLoopbackHost(new URL(url).hostname) ? Infinity : defaultRateLimit;
}

export interface Pacer {
  rate: number;
  /** performance.now() before which no request may start. */
  next: number;
}

/** When a request asked for at `now` may start under `pacer`, which then counts it. */
export function takeSlot(pacer: Pacer, now: number): number {
  if (pacer.rate === Infinity) return now;
  const start = Math.max(now, pacer.next);
  pacer.next = start + 1000 / pacer.rate;
  return start;
}

/** Pushes `pacer`'s next slot past a Retry-After (seconds or an HTTP date), at most a minute from `now`. */
export function deferSlots(pacer: Pacer, retryAfter: string, now: number, clock = Date.now()): void {
  const seconds = /^\s*\d+\s*$/.test(retryAfter) ? Number(retryAfter) : (Date.parse(retryAfter) - clock) / 1000;
  if (seconds > 0) pacer.next = Math.max(pacer.next, now + Math.min(seconds, 60) * 1000);
}

/**
 * One pacer per origin and rate: every request of a process to one origin at the rate its target's limits
 * give goes through the same one, whichever check sends it. The rate comes with each request (the
 * target's limits), never from the address.
 */
const pacers = new Map<string, QueuedPacer>();

/** A pacer with the requests waiting for their slot, those in order (inOrder) first. */
interface QueuedPacer extends Pacer {
  waiting: Waiter[];
  timer?: NodeJS.Timeout;
}

interface Waiter {
  go: () => void;
  inOrder: boolean;
}

function pacerFor(url: string, limits: ExchangeLimits): QueuedPacer {
  const rate = rateLimitFor(url, limits.rateLimit);
  const key = `${rate} ${new URL(url).origin}`;
  let pacer = pacers.get(key);
  if (!pacer) pacers.set(key, (pacer = { rate, next: 0, waiting: [] }));
  return pacer;
}

/** Lets the first waiter go when its slot comes (a Retry-After may have pushed it on meanwhile), and the next after it. */
function release(pacer: QueuedPacer): void {
  if (pacer.timer || !pacer.waiting.length) return;
  pacer.timer = setTimeout(() => {
    pacer.timer = undefined;
    const now = performance.now();
    if (pacer.next <= now) {
      const first = pacer.waiting.shift();
      if (first) {
        takeSlot(pacer, now);
        first.go();
      }
    }
    release(pacer);
  }, Math.max(0, pacer.next - performance.now()));
}

/**
 * Waits for `url`'s origin to take one more request within the rate of `limits`, its target's: every
 * request of a process to one origin goes through here, whichever check sends it, so a real service sees
 * the rate and no burst. Requests wait in line for their slot; one that others wait on (`limits.inOrder`:
 * a walk's next page) goes ahead of the independent ones, which only keep the rate full.
 */
export async function pace(url: string, limits: ExchangeLimits, signal?: AbortSignal): Promise<void> {
  const pacer = pacerFor(url, limits);
  const now = performance.now();
  if (pacer.rate === Infinity || (!pacer.waiting.length && pacer.next <= now)) {
    takeSlot(pacer, now);
    return;
  }
  signal?.throwIfAborted();
  await new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      const i = pacer.waiting.indexOf(waiter);
      if (i >= 0) pacer.waiting.splice(i, 1);
      reject(signal!.reason);
    };
    const waiter: Waiter = {
      inOrder: limits.inOrder === true,
      go: () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
    };
    // In order: behind the others in order, ahead of every independent request.
    const at = waiter.inOrder ? pacer.waiting.findIndex((w) => !w.inOrder) : -1;
    if (at >= 0) pacer.waiting.splice(at, 0, waiter);
    else pacer.waiting.push(waiter);
    signal?.addEventListener('abort', onAbort, { once: true });
    release(pacer);
  });
}

/**
 * A 429 with Retry-After from a rate-limited origin: nothing more is sent to it for that long (at most a
 * minute). On an unlimited (loopback) origin the caller's own retry policy applies instead.
 */
export function honourRetryAfter(url: string, limits: ExchangeLimits, retryAfter: string | null | undefined): void {
  const pacer = pacerFor(url, limits);
  if (pacer.rate !== Infinity && retryAfter) deferSlots(pacer, retryAfter, performance.now());
}
