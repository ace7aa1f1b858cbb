import { describe, expect, it } from 'vitest';
import { meetingPlatformClientJudge } from '../src/client/meeting-platform/meetingPlatformClientJudge.ts';
import { judgedRouteTable } from './judgedRouteTable.ts';
import type { MockReply, MockRequest, RouteTable } from './MockExchange.ts';
import { readingClock } from './readingClock.ts';

const origin = 'http://127.0.0.1:9';
const request = (path: string): MockRequest => ({ method: 'GET', origin, path, query: '', headers: {}, body: '', onHangUp() {} });
const reply: MockReply = { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' };

/** A clock a millisecond later at every reading, and how often it was read. */
function steppingClock(start: number) {
  let reads = 0;
  const clock = readingClock(() => start + reads++);
  return { clock, reads: () => reads };
}

function judged(answer: (clock: () => number) => MockReply | Promise<MockReply>, start = 1_000) {
  const { clock, reads } = steppingClock(start);
  const judge = meetingPlatformClientJudge({ authUrl: origin, apiBaseUrl: origin });
  const table: RouteTable = { serves: () => true, answer: () => answer(clock) };
  return { routes: judgedRouteTable(table, judge, clock, [origin]), judge, reads };
}

describe('judgedRouteTable dates each exchange', () => {
  it("by the table's own first and last reading of the clock, reading none more", () => {
    const { routes, judge, reads } = judged((clock) => {
      clock();
      clock();
      clock();
      return reply;
    });
    routes.answer(request('/v2/users/me'));
    routes.answer(request('/v2/users/me'));
    expect(reads()).toBe(6);
    expect(judge.journal().map((e) => [e.receivedAt, e.answeredAt])).toEqual([
      [1_000, 1_002],
      [1_003, 1_005],
    ]);
  });

  it('by one reading after the answer when the table read no clock', () => {
    const { routes, judge, reads } = judged(() => reply);
    routes.answer(request('/v2/users/me'));
    routes.answer(request('/v2/users/me'));
    expect(reads()).toBe(2);
    expect(judge.journal().map((e) => [e.receivedAt, e.answeredAt])).toEqual([
      [1_000, 1_000],
      [1_001, 1_001],
    ]);
  });

  it('answered later: received by its first reading, answered by a reading when the answer comes', async () => {
    let settle: (r: MockReply) => void = () => undefined;
    let calls = 0;
    const { routes, judge } = judged((clock) => {
      clock();
      if (calls++ > 0) return reply;
      return new Promise<MockReply>((resolve) => (settle = resolve));
    });
    const answered = routes.answer(request('/v2/users/me'));
    // Another request answered in between, with a reading of its own.
    routes.answer(request('/v2/users/me'));
    settle(reply);
    await answered;
    expect(judge.journal().map((e) => [e.receivedAt, e.answeredAt])).toEqual([
      [1_001, 1_001],
      [1_000, 1_002],
    ]);
  });

  it('each answer by its own readings: a reading of an answer before does not date the next', () => {
    let reading = true;
    const { routes, judge } = judged((clock) => {
      if (reading) clock();
      reading = false;
      return reply;
    });
    routes.answer(request('/v2/users/me'));
    routes.answer(request('/v2/users/me'));
    expect(judge.journal().map((e) => [e.receivedAt, e.answeredAt])).toEqual([
      [1_000, 1_000],
      [1_001, 1_001],
    ]);
  });
});

describe('judgedRouteTable records', () => {
  it("the request's fields, not the adapter's object (which holds the response alive until the judge drains)", () => {
    const recorded: unknown[] = [];
    const judge = { ...meetingPlatformClientJudge({ authUrl: origin, apiBaseUrl: origin }), record: (x: { request: unknown }) => recorded.push(x.request) };
    const { clock } = steppingClock(1_000);
    const table: RouteTable = { serves: () => true, answer: () => reply };
    const sent = { ...request('/v2/users/me'), query: 'page_size=30', headers: { authorization: 'Bearer t' }, body: 'b' };
    judgedRouteTable(table, judge, clock, [origin]).answer(sent);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).not.toBe(sent);
    expect(recorded[0]).toEqual({ method: 'GET', origin, path: '/v2/users/me', query: 'page_size=30', headers: { authorization: 'Bearer t' }, body: 'b' });
  });
});
