import { describe, expect, test } from 'vitest';
import { withExchangeOutcomes, type ExchangeOutcomes } from './exchangeOutcomes.ts';
import { maxRetryAfterSeconds, retryAfterSeconds, waitOutRetryAfter } from './waitOutRetryAfter.ts';

describe('a 429 waited out: its Retry-After, bounded', () => {
  test('seconds or an HTTP date, at most a minute; absent or unreadable: the fallback', () => {
    expect(retryAfterSeconds('5', 1)).toBe(5);
    expect(retryAfterSeconds(' 0 ', 1)).toBe(0);
    expect(retryAfterSeconds('3600', 1)).toBe(maxRetryAfterSeconds);
    expect(retryAfterSeconds(new Date(1_000_000 + 30_000).toUTCString(), 1, 1_000_000)).toBe(30);
    expect(retryAfterSeconds(new Date(1_000_000 - 30_000).toUTCString(), 1, 1_000_000)).toBe(0);
    expect(retryAfterSeconds(null, 1)).toBe(1);
    expect(retryAfterSeconds('soon', 2)).toBe(2);
  });

  test("the running check's tally counts it: the 429, the wait, the request sent again", async () => {
    const tally: ExchangeOutcomes = { requests: 0 };
    await withExchangeOutcomes(tally, async () => {
      await waitOutRetryAfter('0');
      await waitOutRetryAfter('0');
    });
    expect(tally.throttled).toMatchObject({ answers: 2, retried: 2 });
    expect(tally.throttled!.waitedMs).toBeGreaterThanOrEqual(0);
  });

  test("cut short by the check's end: it stops waiting, and still counts", async () => {
    const tally: ExchangeOutcomes = { requests: 0 };
    const stop = new AbortController();
    stop.abort(new Error('the check ran out of its time'));
    await withExchangeOutcomes(tally, () => expect(waitOutRetryAfter('60', stop.signal)).rejects.toThrow());
    expect(tally.throttled?.answers).toBe(1);
  });
});
