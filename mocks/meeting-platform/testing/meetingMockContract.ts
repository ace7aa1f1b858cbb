import { expect, test, describe, beforeAll, afterAll } from 'vitest';
import { encodeMeetingId } from '../../../src/meeting-platform/core/encodeMeetingId.ts';
import type { ManualClock } from '../clock.ts';
import type { MeetingPlatformMock, MeetingPlatformOptions } from '../createMeetingPlatformMock.ts';
import { demoAccount } from '../demoAccount.ts';
import { demoOwnerMeetings } from '../demoSeed.ts';

/** A mock running behind one adapter: where its token endpoint and API answer. */
export interface RunningMeetingMock {
  authUrl: string;
  apiBaseUrl: string;
  mock: MeetingPlatformMock;
  close(): Promise<void>;
}

/** Starts a mock behind the adapter under test; `prefix` puts the API under a path, where the adapter allows. */
export type StartMeetingMock = (options: Omit<MeetingPlatformOptions, 'authUrl' | 'apiBaseUrl'> & { prefix?: string }) => Promise<RunningMeetingMock>;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function requestToken(at: RunningMeetingMock, init: { auth?: string; body?: string; query?: string } = {}): Promise<Response> {
  return fetch(`${at.authUrl}/oauth/token${init.query ?? ''}`, {
    method: 'POST',
    headers: { authorization: init.auth ?? basic(demoAccount.clientId, demoAccount.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
    body: init.body ?? `grant_type=account_credentials&account_id=${demoAccount.accountId}`,
  });
}

async function accessToken(at: RunningMeetingMock): Promise<string> {
  return ((await (await requestToken(at)).json()) as { access_token: string }).access_token;
}

const api = (at: RunningMeetingMock, path: string, bearer?: string) => fetch(`${at.apiBaseUrl}${path}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

/**
 * The meeting-platform mock's behaviour, as a user sees it through either adapter: the msw handlers
 * in-process, or the route table served over HTTP. Every adapter must pass all of it.
 */
export function meetingMockContract(start: StartMeetingMock, clock: ManualClock): void {
  let running: RunningMeetingMock;
  beforeAll(async () => {
    running = await start({ clock });
  });
  afterAll(() => running.close());
  const token = (init?: { auth?: string; body?: string; query?: string }) => requestToken(running, init);
  const mockOf = () => running.mock;

  describe('token endpoint', () => {
    test('issues a bearer token with the platform fields', async () => {
      const res = await token();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, api_url: running.apiBaseUrl });
      expect(body.scope).toMatch(/^\S+( \S+)*$/);
      expect(String(body.access_token).split('.')).toHaveLength(3);
    });

    test('accepts grant_type and account_id in the query string', async () => {
      const res = await token({ body: '', query: `?grant_type=account_credentials&account_id=${demoAccount.accountId}` });
      expect(res.status).toBe(200);
    });

    test.each([
      ['a wrong secret', { auth: basic(demoAccount.clientId, 'nope') }, 'invalid_client'],
      ['no client authentication', { auth: '' }, 'invalid_client'],
      ['a wrong grant type', { body: `grant_type=client_credentials&account_id=${demoAccount.accountId}` }, 'unsupported_grant_type'],
      ['a missing grant type', { body: `account_id=${demoAccount.accountId}` }, 'invalid_request'],
      ['a missing account', { body: 'grant_type=account_credentials' }, 'invalid_request'],
      ['another account', { body: 'grant_type=account_credentials&account_id=someone-else' }, 'invalid_request'],
    ])('refuses %s with a JSON {reason, error}', async (_name, init, error) => {
      const res = await token(init);
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.error).toBe(error);
      expect(typeof body.reason).toBe('string');
    });
  });

  describe('API', () => {
    test('/v2/users/me answers the account owner', async () => {
      const res = await api(running, '/v2/users/me', await accessToken(running));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ account_id: demoAccount.accountId, email: 'ada.owner@example.com', status: 'active' });
    });

    test('a missing, unknown or expired token gets 401 code 124', async () => {
      const live = await accessToken(running);
      for (const bearer of [undefined, 'not-a-token']) {
        const res = await api(running, '/v2/users/me', bearer);
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ code: 124, message: 'Invalid access token.' });
      }
      clock.advance(3600_000);
      const expired = await api(running, '/v2/users/me', live);
      expect(expired.status).toBe(401);
      expect(((await expired.json()) as { code: number }).code).toBe(124);
    });

    test('an unknown user gets 404 code 1001', async () => {
      const res = await api(running, '/v2/users/nobody@example.com', await accessToken(running));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 1001, message: 'User does not exist: nobody@example.com.' });
    });

    test('an unknown meeting gets 404 code 3001', async () => {
      const res = await api(running, '/v2/meetings/12345', await accessToken(running));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 3001, message: 'Meeting does not exist: 12345.' });
    });

    test('an unknown path gets an HTML page', async () => {
      const res = await api(running, '/v2/nothing/here', await accessToken(running));
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    });
  });

  describe('meeting list', () => {
    test('defaults to 30 per page, caps at 300, and lists the meeting fields', async () => {
      const t = await accessToken(running);
      const first = (await (await api(running, '/v2/users/me/meetings', t)).json()) as Record<string, unknown> & { meetings: Array<Record<string, unknown>> };
      expect(first).toMatchObject({ page_size: 30, total_records: demoOwnerMeetings });
      expect(first.meetings).toHaveLength(30);
      expect(Object.keys(first.meetings[0]!).sort()).toEqual(['created_at', 'duration', 'host_id', 'id', 'join_url', 'start_time', 'timezone', 'topic', 'type', 'uuid']);
      expect(Number.isSafeInteger(first.meetings[0]!.id) && (first.meetings[0]!.id as number) > 2 ** 32).toBe(true);
      const capped = (await (await api(running, '/v2/users/me/meetings?page_size=1000', t)).json()) as Record<string, unknown>;
      expect(capped).toMatchObject({ page_size: 300, next_page_token: '' });
    });

    test('rejects an invalid page_size with code 300 and the field', async () => {
      const res = await api(running, '/v2/users/me/meetings?page_size=0', await accessToken(running));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 300, message: 'Validation Failed.', errors: [{ field: 'page_size', message: 'Invalid field.' }] });
    });

    test('next_page_token walks every meeting once, is bound to the query and expires after 15 minutes', async () => {
      const t = await accessToken(running);
      const seen: string[] = [];
      let next = '';
      const tokens: string[] = [];
      do {
        const page = (await (await api(running, `/v2/users/me/meetings?page_size=7&next_page_token=${next}`, t)).json()) as { next_page_token: string; meetings: Array<{ uuid: string }> };
        seen.push(...page.meetings.map((m) => m.uuid));
        next = page.next_page_token;
        if (next) tokens.push(next);
      } while (next);
      expect(seen).toHaveLength(demoOwnerMeetings);
      expect(new Set(seen).size).toBe(demoOwnerMeetings);

      const otherQuery = await api(running, `/v2/users/me/meetings?type=previous_meetings&next_page_token=${tokens[0]}`, t);
      expect(otherQuery.status).toBe(400);
      clock.advance(15 * 60_000 + 1);
      const stale = await api(running, `/v2/users/me/meetings?next_page_token=${tokens[0]}`, await accessToken(running));
      expect(stale.status).toBe(400);
      expect(((await stale.json()) as { code: number }).code).toBe(300);
    });

    test('upcoming and previous meetings split the list by the clock', async () => {
      const t = await accessToken(running);
      const count = async (type: string) => ((await (await api(running, `/v2/users/me/meetings?type=${type}&page_size=300`, t)).json()) as { total_records: number }).total_records;
      const [upcoming, previous] = [await count('upcoming'), await count('previous_meetings')];
      expect(upcoming + previous).toBe(demoOwnerMeetings);
      expect(upcoming).toBeGreaterThan(0);
      expect(previous).toBeGreaterThan(0);
    });
  });

  describe('identifier rule', () => {
    const owned = () => mockOf().state.meetingsOf(mockOf().accounts[0]!.userId);

    test('the demo data holds UUIDs that start with "/", contain "//" and contain "+"', () => {
      const uuids = owned().map((m) => m.uuid);
      expect(uuids.some((u) => u.startsWith('/'))).toBe(true);
      expect(uuids.some((u) => !u.startsWith('/') && u.includes('//'))).toBe(true);
      expect(uuids.some((u) => u.includes('+'))).toBe(true);
    });

    test('every meeting is found by id and by UUID encoded as the rule says', async () => {
      const t = await accessToken(running);
      for (const m of owned()) {
        for (const id of [m.id, m.uuid]) {
          const res = await api(running, `/v2/meetings/${encodeMeetingId(id)}`, t);
          expect(res.status, `${id}`).toBe(200);
          expect(((await res.json()) as { uuid: string }).uuid).toBe(m.uuid);
        }
      }
    });

    test('a UUID that starts with "/" or contains "//" is not found when encoded once', async () => {
      const t = await accessToken(running);
      const awkward = owned().filter((m) => m.uuid.startsWith('/') || m.uuid.includes('//'));
      expect(awkward.length).toBeGreaterThan(0);
      for (const m of awkward) {
        const res = await api(running, `/v2/meetings/${encodeURIComponent(m.uuid)}`, t);
        expect(res.status, m.uuid).toBe(404);
        expect(((await res.json()) as { code: number }).code).toBe(3001);
      }
    });

    test('a UUID with a lone "/" is found encoded once', async () => {
      const lone = owned().find((m) => /[^/]\/[^/]/.test(m.uuid) && !m.uuid.startsWith('/'))!;
      const res = await api(running, `/v2/meetings/${encodeURIComponent(lone.uuid)}`, await accessToken(running));
      expect(res.status).toBe(200);
    });
  });

  describe('scenario switches', () => {
    test('wrongAddress answers everything with HTML', async () => {
      mockOf().scenario.wrongAddress = true;
      try {
        const res = await token();
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      } finally {
        mockOf().scenario.wrongAddress = false;
      }
    });

    test('errorRate 1 answers 503 JSON', async () => {
      mockOf().scenario.errorRate = 1;
      try {
        const res = await api(running, '/v2/users/me');
        expect(res.status).toBe(503);
        expect(((await res.json()) as { code: number }).code).toBe(503);
      } finally {
        mockOf().scenario.errorRate = 0;
      }
    });

    test('latency delays answers', async () => {
      mockOf().scenario.latencyMs = 60;
      try {
        const started = performance.now();
        await api(running, '/v2/users/me');
        expect(performance.now() - started).toBeGreaterThanOrEqual(50);
      } finally {
        mockOf().scenario.latencyMs = 0;
      }
    });

    test('a rate limit answers 429 past the budget, and recovers the next second', async () => {
      const t = await accessToken(running);
      mockOf().scenario.rateLimitPerSecond = 2;
      try {
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await api(running, '/v2/users/me', t)).status);
        expect(statuses).toEqual([200, 200, 429]);
        clock.advance(1000);
        expect((await api(running, '/v2/users/me', t)).status).toBe(200);
      } finally {
        mockOf().scenario.rateLimitPerSecond = 0;
      }
    });
  });

  describe('accounts and secrets', () => {
    test('an account without the meeting scopes gets code 4711', async () => {
      const narrow = await start({ accounts: [{ ...demoAccount, scopes: ['user:read:user:admin'] }], prefix: '/prefix' });
      try {
        const res = await fetch(`${narrow.authUrl}/oauth/token`, {
          method: 'POST',
          headers: { authorization: basic(demoAccount.clientId, demoAccount.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
          body: `grant_type=account_credentials&account_id=${demoAccount.accountId}`,
        });
        const { access_token, api_url } = (await res.json()) as { access_token: string; api_url: string };
        expect(api_url).toBe(narrow.apiBaseUrl);
        const me = await fetch(`${api_url}/v2/users/me`, { headers: { authorization: `Bearer ${access_token}` } });
        expect(me.status).toBe(200);
        const list = await fetch(`${api_url}/v2/users/me/meetings`, { headers: { authorization: `Bearer ${access_token}` } });
        expect(list.status).toBe(400);
        expect(((await list.json()) as { code: number }).code).toBe(4711);
      } finally {
        await narrow.close();
      }
    });

    test('tokens and page tokens are signed, not stored: a mock with the same secret accepts them, another secret does not', async () => {
      const secret = 'contract-test-secret';
      const first = await start({ secret });
      const t = await accessToken(first);
      const page = (await (await api(first, '/v2/users/me/meetings?page_size=5', t)).json()) as { next_page_token: string };
      await first.close();
      const again = await start({ secret });
      const other = await start({ secret: 'another-secret' });
      try {
        expect((await api(again, '/v2/users/me', t)).status).toBe(200);
        expect((await api(again, `/v2/users/me/meetings?page_size=5&next_page_token=${page.next_page_token}`, t)).status).toBe(200);
        const refused = await api(other, '/v2/users/me', t);
        expect(refused.status).toBe(401);
        expect(((await refused.json()) as { code: number }).code).toBe(124);
        const forged = `${t.slice(0, t.lastIndexOf('.'))}.${'A'.repeat(86)}`;
        expect((await api(again, '/v2/users/me', forged)).status).toBe(401);
      } finally {
        await Promise.all([again.close(), other.close()]);
      }
    });
  });
}
