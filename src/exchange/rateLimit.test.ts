import { describe, expect, test } from 'vitest';
import { defaultRequestBounds } from './requestBounds.ts';
import { deferSlots, pace, rateLimitFor, takeSlot, type Pacer } from './rateLimit.ts';

describe('rate limit', () => {
  test('10 per second for a deployment elsewhere, none on loopback, --rate-limit over both, 0 for none', () => {
    expect(rateLimitFor('https://api.example.com/v2', undefined)).toBe(10);
    for (const local of ['http://127.0.0.1:8080', 'http://localhost:1', 'http://[::1]:2']) expect(rateLimitFor(local, undefined)).toBe(Infinity);
    expect(rateLimitFor('http://127.0.0.1:8080', 2.5)).toBe(2.5);
    expect(rateLimitFor('https://api.example.com', 0)).toBe(Infinity);
  });

  test('requests asked for at once start 1/rate apart; a gap resets nothing it should not', () => {
    const pacer: Pacer = { rate: 10, next: 0 };
    expect([takeSlot(pacer, 0), takeSlot(pacer, 0), takeSlot(pacer, 0)]).toEqual([0, 100, 200]);
    expect(takeSlot(pacer, 1000)).toBe(1000);
    expect(takeSlot({ rate: Infinity, next: 0 }, 5)).toBe(5);
  });

  test("a 429's Retry-After holds every later request back, at most a minute", () => {
    const pacer: Pacer = { rate: 10, next: 0 };
    deferSlots(pacer, '3', 1000);
    expect(takeSlot(pacer, 1000)).toBe(4000);
    deferSlots(pacer, 'Thu, 01 Jan 2099 00:00:00 GMT', 0, Date.parse('2098-12-31T23:59:00Z'));
    expect(pacer.next).toBe(60_000);
    deferSlots(pacer, 'soon', 0);
    expect(pacer.next).toBe(60_000);
  });

  test('requests in line take their slots in order, those a walk waits on (inOrder) ahead of the independent ones; an aborted one leaves the line', async () => {
    const limits = { bounds: defaultRequestBounds, rateLimit: 20 };
    const url = 'http://127.0.0.1:1/pace-order';
    const started: string[] = [];
    const ask = (name: string, inOrder = false, signal?: AbortSignal) => pace(url, inOrder ? { ...limits, inOrder } : limits, signal).then(() => void started.push(name));
    const gone = new AbortController();
    const asked = [ask('a'), ask('b'), ask('c', false, gone.signal), ask('d'), ask('page 1', true), ask('page 2', true)];
    gone.abort(new Error('the check ended'));
    const outcomes = await Promise.allSettled(asked);
    // 'a' found the line empty and its slot free; the pages went ahead of 'b' and 'd', 'c' never went.
    expect(started).toEqual(['a', 'page 1', 'page 2', 'b', 'd']);
    expect(outcomes[2]).toMatchObject({ status: 'rejected', reason: new Error('the check ended') });
  });
});
