import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findFailure } from './findFailure.ts';
import type { GeneratedRequest } from './GeneratedRequest.ts';
import { loadSpec } from './loadSpec.ts';
import { negativeRequests } from './negativeRequests.ts';
import { positiveRequests } from './positiveRequests.ts';

const mp = loadSpec('meeting-platform');
const fs = loadSpec('fetch-service');

/** A stand-in service, pure: it "crashes" on some requests. The property runner and the shrinker are under test. */
const crashesWhen = (bad: (r: GeneratedRequest) => boolean) => async (r: GeneratedRequest) => (bad(r) ? 'answered 500' : undefined);

describe('findFailure shrinks a failing request to a minimal one', () => {
  test('a list request failing from page_size 137 up shrinks to page_size=137 and nothing else', async () => {
    const pageSize = (r: GeneratedRequest) => Number(r.query.find(([n]) => n === 'page_size')?.[1] ?? 30);
    const { failure } = await findFailure(positiveRequests(mp.operation('listMeetings')), crashesWhen((r) => pageSize(r) >= 137), { seed: 7, runs: 200 });
    expect(failure).toBeDefined();
    expect(failure!.value.query).toEqual([['page_size', '137']]);
    expect(failure!.problem).toBe('answered 500');
    expect(failure!.runs).toBeGreaterThan(0);
    expect(failure!.shrinks).toBeGreaterThan(0);
  });

  test('a fetch request failing on allowRedirects: true keeps that field alone, with the simplest url', async () => {
    const url = fc.string({ unit: fc.constantFrom('a', 'b', 'é'), maxLength: 20 }).map((path) => `http://origin.conform.invalid/${encodeURIComponent(path)}`);
    const inputs = positiveRequests(fs.operation('fetchPage'), { values: { '/body/url': url } });
    const { failure } = await findFailure(inputs, crashesWhen((r) => (r.body?.value as { allowRedirects?: boolean }).allowRedirects === true), { seed: 3, runs: 200 });
    expect(failure!.value.body).toEqual({ mediaType: 'application/json', value: { url: 'http://origin.conform.invalid/', allowRedirects: true } });
  });

  test('a mutated request keeps its mutation while shrinking and loses everything else it can', async () => {
    const url = fc.string({ unit: fc.constantFrom('a', 'b'), maxLength: 20 }).map((path) => `http://origin.conform.invalid/${path}`);
    const inputs = negativeRequests(fs.operation('fetchPage'), { values: { '/body/url': url } })!;
    const { failure } = await findFailure(inputs, crashesWhen((r) => r.mutation?.name === 'wrong type' && r.mutation.pointer === '/body/proxies'), { seed: 11, runs: 500 });
    expect(failure!.value.mutation).toMatchObject({ name: 'wrong type', pointer: '/body/proxies', kind: 'refuse' });
    expect(failure!.value.body).toEqual({ mediaType: 'application/json', value: { url: 'http://origin.conform.invalid/', proxies: 0 } });
    expect(failure!.value.query).toEqual([]);
  });

  test('passes when nothing fails, and stops shrinking at the budget', async () => {
    expect(await findFailure(fc.integer(), async () => undefined, { seed: 1, runs: 50 })).toEqual({ runs: 50 });
    let judged = 0;
    const { failure } = await findFailure(fc.array(fc.integer()), async (xs) => (judged++, xs.length > 3 ? 'long' : undefined), { seed: 1, runs: 100, maxShrinkTries: 5 });
    expect(failure!.value.length).toBeGreaterThan(3);
    expect(judged).toBeLessThanOrEqual(failure!.runs + 5);
    // Every input judged is counted once: looking for the failure, or shrinking it.
    expect(failure!.shrinkJudged).toBeLessThanOrEqual(5);
    expect(judged).toBe(failure!.runs + failure!.shrinkJudged);
  });

  test('counts what shrinking judged, apart from the search: each shrink step is one of them that failed too', async () => {
    let judged = 0;
    const { failure } = await findFailure(fc.array(fc.integer()), async (xs) => (judged++, xs.length > 3 ? 'long' : undefined), { seed: 5, runs: 100 });
    expect(failure!.shrinks).toBeGreaterThan(0);
    expect(failure!.shrinkJudged).toBeGreaterThanOrEqual(failure!.shrinks);
    expect(judged).toBe(failure!.runs + failure!.shrinkJudged);
  });
});

describe('findFailure within a budget: what it judged before the time was up, and a failure among it', () => {
  // The time is up after a number of judged inputs, not of milliseconds: a test judges no wall time.
  const upAfter = (n: number, judged: () => number) => () => judged() >= n;

  test('no failure among the first 41: the search ends with 41 judged, out of time', async () => {
    let judged = 0;
    const found = await findFailure(fc.integer(), async () => (judged++, undefined), { seed: 5, runs: 100, timeUp: upAfter(41, () => judged) });
    expect(found).toEqual({ runs: 41, outOfTime: true });
    expect(judged).toBe(41);
  });

  test('a failure found before the time was up fails as ever, shrunk as far as the time allows', async () => {
    let judged = 0;
    const found = await findFailure(fc.array(fc.integer()), async (xs) => (judged++, xs.length > 3 ? 'long' : undefined), { seed: 5, runs: 100, timeUp: upAfter(1000, () => judged) });
    expect(found.failure?.value.length).toBe(4);
    expect(found.outOfTime).toBeUndefined();
    let cut = 0;
    const early = await findFailure(fc.array(fc.integer()), async (xs) => (cut++, xs.length > 3 ? 'long' : undefined), { seed: 5, runs: 100, timeUp: upAfter(found.failure!.runs + 1, () => cut) });
    // The time up one input into shrinking: the failure stands, less shrunk.
    expect(early.failure?.problem).toBe('long');
    expect(early.failure!.value.length).toBeGreaterThan(3);
    expect(early.outOfTime).toBeUndefined();
  });
});
