// A judging mock records each exchange and the judge takes it up after the request's turn: what
// the report and the journal say must be what observing each exchange as it came says, whenever they are
// asked, and what waits to be judged stays bounded.
import { describe, expect, test } from 'vitest';
import type { ClientExchange } from './ClientExchange.ts';
import { exchangeOf } from './fixtures/exchangeOf.ts';
import { meetingPlatformClientJudge } from './meeting-platform/meetingPlatformClientJudge.ts';

const auth = 'https://auth.example';
const api = 'https://api.example';
const basic = `Basic ${Buffer.from('client-id:client-secret-value').toString('base64')}`;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A session with passes and failures on several clauses: tokens (one replaced early), list pages, a stray call. */
function session(count: number): ClientExchange[] {
  const out: ClientExchange[] = [];
  for (let i = 0; i < count; i++) {
    const at = i * 1000;
    const token = `eyJhbGciOiJIUzUxMiJ9.token-number-${Math.floor(i / 7)}`;
    if (i % 7 === 0 || i % 11 === 0) {
      out.push(exchangeOf('POST', `${auth}/oauth/token`, { headers: { authorization: basic, ...form }, body: 'grant_type=account_credentials&account_id=a' }, { json: { access_token: token, token_type: 'bearer', expires_in: 3600 } }, at));
    } else if (i % 5 === 0) {
      out.push(exchangeOf('GET', `${api}/users/me/meetings`, { headers: { authorization: `Bearer ${token}` } }, { status: 404 }, at));
    } else {
      const page = i % 3 === 0 ? '?next_page_token=abc' : '';
      out.push(exchangeOf('GET', `${api}/v2/users/me/meetings${page}`, { headers: { authorization: `Bearer ${token}` } }, { json: { meetings: [{ uuid: `u${i}==` }], next_page_token: i % 2 ? 'abc' : '' } }, at));
    }
  }
  return out;
}

const judge = () => meetingPlatformClientJudge({ authUrl: auth, apiBaseUrl: api, clock: () => 1_000_000 });

describe('recorded exchanges', () => {
  test('the report and the journal asked at once say what observing each exchange says', () => {
    const exchanges = session(40);
    const observed = judge();
    for (const x of exchanges) observed.observe(x);
    const recorded = judge();
    for (const x of exchanges) recorded.record(x);
    // Asked in the same turn: nothing has been judged yet, and everything must be.
    expect(recorded.journal()).toEqual(observed.journal());
    expect(recorded.report({ end: false })).toEqual(observed.report({ end: false }));
    const report = recorded.report();
    expect(report).toEqual(observed.report());
    // The session is one to judge: clauses pass and fail in it.
    expect(report.checks.filter((c) => c.status === 'failed').length).toBeGreaterThanOrEqual(3);
    expect(report.checks.filter((c) => c.status === 'passed').length).toBeGreaterThanOrEqual(2);
  });

  test('an exchange observed after recorded ones is judged after them, in the order they came', () => {
    const exchanges = session(12);
    const observed = judge();
    for (const x of exchanges) observed.observe(x);
    const mixed = judge();
    for (const x of exchanges.slice(0, -1)) mixed.record(x);
    expect(mixed.observe(exchanges.at(-1)!)).toEqual(observed.journal().at(-1));
    expect(mixed.journal().map((e) => e.id)).toEqual(observed.journal().map((e) => e.id));
  });

  test('past the queue bound, exchanges are judged as they are recorded; the rest after the turn', async () => {
    const exchanges = session(600);
    const observed = judge();
    for (const x of exchanges) observed.observe(x);
    const recorded = judge();
    for (const x of exchanges) recorded.record(x);
    await new Promise((resolve) => setImmediate(resolve));
    expect(recorded.journal()).toEqual(observed.journal());
    expect(recorded.journal()).toHaveLength(500);
    expect(recorded.report()).toEqual(observed.report());
  });
});
