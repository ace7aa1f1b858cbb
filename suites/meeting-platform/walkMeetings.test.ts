// Why a walk gave no page to judge is chosen from what its pages answered: a list of one page is said so
// only when page 1's next_page_token was empty; a page 2 that answered 503 is a walk cut short, never "one page".
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { field } from '../../src/meeting-platform/exchange.ts';
import { requestToken } from '../../src/meeting-platform/platformRequests.ts';
import { correct, inFront, isList, rewriteJson } from './fixtures/brokenVariants.ts';
import { startVariantServer } from './fixtures/variantRuns.ts';
import { brokenOff, onePageOnly, walkMeetings } from './walkMeetings.ts';
import { defaultLimits } from '../../src/exchange/exchangeLimits.ts';

let server: MeetingPlatformServer;
let token: string;
beforeAll(async () => {
  // Page 2 of a walk (a request with a next_page_token) answers 503 at page_size=10; at page_size=7 it gives next_page_token 42, a number.
  server = await startVariantServer({
    prepend: inFront(async (request, mock) => {
      const query = new URL(request.url).searchParams;
      if (!isList(request)) return undefined;
      if (query.get('page_size') === '10' && query.has('next_page_token')) return Response.json({ code: 503, message: 'Service temporarily unavailable.' }, { status: 503 });
      if (query.get('page_size') === '7' && query.has('next_page_token')) return rewriteJson(await correct(request, mock), (body) => ({ ...body, next_page_token: 42 }));
      return undefined;
    }),
  });
  const account = server.accounts[0]!;
  const x = await requestToken({ authUrl: server.url, credentials: account, limits: defaultLimits });
  token = field(x, 'access_token') as string;
});
afterAll(() => server.close());

describe('why a walk has no page to judge', () => {
  test('page 2 answered 503: the walk broke off there, saying what it answered; it is no list of one page', async () => {
    const walk = await walkMeetings({ apiBaseUrl: server.apiBaseUrl, limits: defaultLimits }, token, 10);
    expect(walk.pages).toHaveLength(2);
    expect(walk.pages[0]!.nextPageToken).toMatch(/./);
    expect(onePageOnly(walk)).toBeUndefined();
    expect(brokenOff(walk)).toMatch(/^page 2 \(GET \/v2\/users\/me\/meetings\?page_size=10&next_page_token=[^)]+\) answered 503 application\/json[^:]*: \{"code":503,"message":"Service temporarily unavailable\."\}$/);
  });

  test('every meeting on page 1 and its next_page_token empty: one page only, quoting the token; nothing broke off', async () => {
    const walk = await walkMeetings({ apiBaseUrl: server.apiBaseUrl, limits: defaultLimits }, token, 300);
    expect(walk.pages).toHaveLength(1);
    expect(brokenOff(walk)).toBeUndefined();
    expect(onePageOnly(walk)).toBe('the list has one page only: page 1 at page_size=300 gave next_page_token ""');
  });

  test('a later page whose next_page_token is a number: the walk broke off there; a walk that ended is not broken off', async () => {
    const walk = await walkMeetings({ apiBaseUrl: server.apiBaseUrl, limits: defaultLimits }, token, 7);
    expect(walk.pages).toHaveLength(2);
    expect(onePageOnly(walk)).toBeUndefined();
    expect(brokenOff(walk)).toMatch(/^page 2 \(GET [^)]+\) gave next_page_token 42, not a string: the walk could not go on$/);
    const whole = await walkMeetings({ apiBaseUrl: server.apiBaseUrl, limits: defaultLimits }, token, 20);
    expect(whole.ended).toBe(true);
    expect(whole.pages.length).toBeGreaterThan(1);
    expect([brokenOff(whole), onePageOnly(whole)]).toEqual([undefined, undefined]);
  });
});
