import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { encodeMeetingId } from '../../src/meeting-platform/encodeMeetingId.ts';
import { manualClock } from './clock.ts';
import { createMeetingPlatformMock, realApiBaseUrl, realAuthUrl } from './createMeetingPlatformMock.ts';
import { demoAccount } from './demoAccount.ts';
import { demoOwnerMeetings } from './demoSeed.ts';

// The handlers stand in for the real hosts inside a user's own msw setup: nothing leaves the process.
const clock = manualClock();
const mock = createMeetingPlatformMock({ clock });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function token(init: { auth?: string; body?: string; query?: string } = {}): Promise<Response> {
  return fetch(`${realAuthUrl}/oauth/token${init.query ?? ''}`, {
    method: 'POST',
    headers: { authorization: init.auth ?? basic(demoAccount.clientId, demoAccount.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
    body: init.body ?? `grant_type=account_credentials&account_id=${demoAccount.accountId}`,
  });
}

async function accessToken(): Promise<string> {
  return ((await (await token()).json()) as { access_token: string }).access_token;
}

const api = (path: string, bearer?: string) => fetch(`${realApiBaseUrl}${path}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

describe('token endpoint', () => {
  test('issues a bearer token with the platform fields', async () => {
    const res = await token();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, api_url: realApiBaseUrl });
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
    const res = await api('/v2/users/me', await accessToken());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ account_id: demoAccount.accountId, email: 'ada.owner@example.com', status: 'active' });
  });

  test('a missing, unknown or expired token gets 401 code 124', async () => {
    const live = await accessToken();
    for (const bearer of [undefined, 'not-a-token']) {
      const res = await api('/v2/users/me', bearer);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 124, message: 'Invalid access token.' });
    }
    clock.advance(3600_000);
    const expired = await api('/v2/users/me', live);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { code: number }).code).toBe(124);
  });

  test('an unknown user gets 404 code 1001', async () => {
    const res = await api('/v2/users/nobody@example.com', await accessToken());
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 1001, message: 'User does not exist: nobody@example.com.' });
  });

  test('an unknown meeting gets 404 code 3001', async () => {
    const res = await api('/v2/meetings/12345', await accessToken());
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 3001, message: 'Meeting does not exist: 12345.' });
  });

  test('an unknown path gets an HTML page', async () => {
    const res = await api('/v2/nothing/here', await accessToken());
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('meeting list', () => {
  test('defaults to 30 per page, caps at 300, and lists the meeting fields', async () => {
    const t = await accessToken();
    const first = (await (await api('/v2/users/me/meetings', t)).json()) as Record<string, unknown> & { meetings: Array<Record<string, unknown>> };
    expect(first).toMatchObject({ page_size: 30, total_records: demoOwnerMeetings });
    expect(first.meetings).toHaveLength(30);
    expect(Object.keys(first.meetings[0]!).sort()).toEqual(['created_at', 'duration', 'host_id', 'id', 'join_url', 'start_time', 'timezone', 'topic', 'type', 'uuid']);
    expect(Number.isSafeInteger(first.meetings[0]!.id) && (first.meetings[0]!.id as number) > 2 ** 32).toBe(true);
    const capped = (await (await api('/v2/users/me/meetings?page_size=1000', t)).json()) as Record<string, unknown>;
    expect(capped).toMatchObject({ page_size: 300, next_page_token: '' });
  });

  test('rejects an invalid page_size with code 300 and the field', async () => {
    const res = await api('/v2/users/me/meetings?page_size=0', await accessToken());
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 300, message: 'Validation Failed.', errors: [{ field: 'page_size', message: 'Invalid field.' }] });
  });

  test('next_page_token walks every meeting once, is bound to the query and expires after 15 minutes', async () => {
    const t = await accessToken();
    const seen: string[] = [];
    let next = '';
    const tokens: string[] = [];
    do {
      const page = (await (await api(`/v2/users/me/meetings?page_size=7&next_page_token=${next}`, t)).json()) as { next_page_token: string; meetings: Array<{ uuid: string }> };
      seen.push(...page.meetings.map((m) => m.uuid));
      next = page.next_page_token;
      if (next) tokens.push(next);
    } while (next);
    expect(seen).toHaveLength(demoOwnerMeetings);
    expect(new Set(seen).size).toBe(demoOwnerMeetings);

    const otherQuery = await api(`/v2/users/me/meetings?type=previous_meetings&next_page_token=${tokens[0]}`, t);
    expect(otherQuery.status).toBe(400);
    clock.advance(15 * 60_000 + 1);
    const stale = await api(`/v2/users/me/meetings?next_page_token=${tokens[0]}`, await accessToken());
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { code: number }).code).toBe(300);
  });

  test('upcoming and previous meetings split the list by the clock', async () => {
    const t = await accessToken();
    const count = async (type: string) => ((await (await api(`/v2/users/me/meetings?type=${type}&page_size=300`, t)).json()) as { total_records: number }).total_records;
    const [upcoming, previous] = [await count('upcoming'), await count('previous_meetings')];
    expect(upcoming + previous).toBe(demoOwnerMeetings);
    expect(upcoming).toBeGreaterThan(0);
    expect(previous).toBeGreaterThan(0);
  });
});

describe('identifier rule', () => {
  const owned = () => mock.state.meetingsOf(mock.accounts[0]!.userId);

  test('the demo data holds UUIDs that start with "/", contain "//" and contain "+"', () => {
    const uuids = owned().map((m) => m.uuid);
    expect(uuids.some((u) => u.startsWith('/'))).toBe(true);
    expect(uuids.some((u) => !u.startsWith('/') && u.includes('//'))).toBe(true);
    expect(uuids.some((u) => u.includes('+'))).toBe(true);
  });

  test('every meeting is found by id and by UUID encoded as the rule says', async () => {
    const t = await accessToken();
    for (const m of owned()) {
      for (const id of [m.id, m.uuid]) {
        const res = await api(`/v2/meetings/${encodeMeetingId(id)}`, t);
        expect(res.status, `${id}`).toBe(200);
        expect(((await res.json()) as { uuid: string }).uuid).toBe(m.uuid);
      }
    }
  });

  test('a UUID that starts with "/" or contains "//" is not found when encoded once', async () => {
    const t = await accessToken();
    const awkward = owned().filter((m) => m.uuid.startsWith('/') || m.uuid.includes('//'));
    expect(awkward.length).toBeGreaterThan(0);
    for (const m of awkward) {
      const res = await api(`/v2/meetings/${encodeURIComponent(m.uuid)}`, t);
      expect(res.status, m.uuid).toBe(404);
      expect(((await res.json()) as { code: number }).code).toBe(3001);
    }
  });

  test('a UUID with a lone "/" is found encoded once', async () => {
    const lone = owned().find((m) => /[^/]\/[^/]/.test(m.uuid) && !m.uuid.startsWith('/'))!;
    const res = await api(`/v2/meetings/${encodeURIComponent(lone.uuid)}`, await accessToken());
    expect(res.status).toBe(200);
  });
});

describe('scenario switches', () => {
  test('wrongAddress answers everything with HTML', async () => {
    mock.scenario.wrongAddress = true;
    try {
      const res = await token();
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    } finally {
      mock.scenario.wrongAddress = false;
    }
  });

  test('errorRate 1 answers 503 JSON', async () => {
    mock.scenario.errorRate = 1;
    try {
      const res = await api('/v2/users/me');
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: number }).code).toBe(503);
    } finally {
      mock.scenario.errorRate = 0;
    }
  });

  test('latency delays answers', async () => {
    mock.scenario.latencyMs = 60;
    try {
      const started = performance.now();
      await api('/v2/users/me');
      expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    } finally {
      mock.scenario.latencyMs = 0;
    }
  });

  test('a rate limit answers 429 past the budget, and recovers the next second', async () => {
    const t = await accessToken();
    mock.scenario.rateLimitPerSecond = 2;
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await api('/v2/users/me', t)).status);
      expect(statuses).toEqual([200, 200, 429]);
      clock.advance(1000);
      expect((await api('/v2/users/me', t)).status).toBe(200);
    } finally {
      mock.scenario.rateLimitPerSecond = 0;
    }
  });
});

test('an account without the meeting scopes gets code 4711', async () => {
  const narrow = createMeetingPlatformMock({ authUrl: 'https://auth.test', apiBaseUrl: 'https://api.test/prefix', accounts: [{ ...demoAccount, scopes: ['user:read:user:admin'] }] });
  server.use(...narrow.handlers);
  try {
    const res = await fetch('https://auth.test/oauth/token', {
      method: 'POST',
      headers: { authorization: basic(demoAccount.clientId, demoAccount.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=account_credentials&account_id=${demoAccount.accountId}`,
    });
    const { access_token, api_url } = (await res.json()) as { access_token: string; api_url: string };
    expect(api_url).toBe('https://api.test/prefix');
    const me = await fetch(`${api_url}/v2/users/me`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(me.status).toBe(200);
    const list = await fetch(`${api_url}/v2/users/me/meetings`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(list.status).toBe(400);
    expect(((await list.json()) as { code: number }).code).toBe(4711);
  } finally {
    server.resetHandlers();
  }
});
