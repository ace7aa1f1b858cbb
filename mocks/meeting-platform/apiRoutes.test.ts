import { describe, expect, test } from 'vitest';
import type { Grant } from './accessTokens.ts';
import { listMeetings } from './apiRoutes.ts';
import { manualClock } from './clock.ts';
import { parseListQuery, type ListQuery } from './meetingListPage.ts';
import { createMeetingPlatformState } from './meetingPlatformState.ts';
import { pageTokens } from './pageTokens.ts';
import type { ResolvedAccount } from './ResolvedAccount.ts';

const start = Date.UTC(2030, 0, 7, 9, 0, 0);
const hour = 3_600_000;

function setup() {
  const clock = manualClock(start);
  const meetings = Array.from({ length: 35 }, (_, i) => ({
    uuid: `uuid-${i}==`,
    id: 80_000_000_000 + i,
    host_id: 'u1',
    topic: `Meeting ${i}`,
    start_time: new Date(start + (i - 5) * hour).toISOString().replace('.000', ''),
    duration: 60,
  }));
  const state = createMeetingPlatformState({ seed: { users: [{ id: 'u1', email: 'u1@example.test', account_id: 'acc' }], meetings }, joinUrlBase: 'https://meeting.example' });
  const grant: Grant = { account: {} as ResolvedAccount, accountId: 'acc', userId: 'u1', expiresAt: Number.MAX_SAFE_INTEGER };
  const ctx = { state, clock, pages: pageTokens(clock) };
  const list = (query: string) => listMeetings.answer({ ...(parseListQuery(query) as ListQuery), userId: 'me' }, grant, ctx);
  const body = (query: string) => JSON.parse(list(query).body) as { total_records: number; next_page_token: string; meetings: unknown[] };
  return { clock, state, list, body };
}

describe('listMeetings: a page asked for again is answered from memory, never stale', () => {
  test('within the second, the same page is the same frozen reply', () => {
    const { list, body } = setup();
    const first = list('page_size=10');
    expect(list('page_size=10')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(body('page_size=10')).toMatchObject({ total_records: 35, meetings: { length: 10 } });
    expect(list('page_size=11')).not.toBe(first);
  });

  test('a new second makes the page anew (its next_page_token is that second\'s)', () => {
    const { clock, list } = setup();
    const first = list('page_size=10');
    clock.advance(1000);
    const later = list('page_size=10');
    expect(later).not.toBe(first);
    expect(later.body).not.toBe(first.body);
  });

  test('a meeting added to the state shows on the next request', () => {
    const { state, body } = setup();
    expect(body('page_size=300').total_records).toBe(35);
    state.db.meeting.create({ uuid: 'added==', id: 89_000_000_000, host_id: 'u1', topic: 'Added', type: 2, status: 'waiting', start_time: '2030-01-08T09:00:00Z', duration: 30, timezone: 'UTC', agenda: '', created_at: '2030-01-01T00:00:00Z', join_url: 'https://meeting.example/j/89000000000', password: '' });
    expect(body('page_size=300').total_records).toBe(36);
  });

  test('a list read against the clock is remembered only for the same millisecond', () => {
    const { clock, body } = setup();
    // Meeting 0 started 5 hours before `start` and ended 4 hours before: at its end it is still upcoming.
    clock.set(start - 4 * hour);
    expect(body('type=upcoming_meetings&page_size=300').total_records).toBe(35);
    clock.advance(1);
    expect(body('type=upcoming_meetings&page_size=300').total_records).toBe(34);
  });
});
