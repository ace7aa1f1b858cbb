// The control API over real HTTP on loopback, through both adapters: what an app in any language does
// between and during its tests (expire a token, make the next call fail, switch on a rate limit, put the
// mock back), and what a wrong control call gets.
import { fileURLToPath } from 'node:url';
import { createConfig, lint } from '@redocly/openapi-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { checkExchange } from '../../src/openapi/checkExchange.ts';
import { loadSpec } from '../../src/openapi/loadSpec.ts';
import { formatViolations } from '../../src/openapi/Violation.ts';
import type { MockAdapter } from '../MockExchange.ts';
import { accessTokenTtlSeconds } from './accessTokens.ts';
import { manualClock } from './clock.ts';
import { controlPrefix } from './controlRoutes.ts';
import { controlSpec, controlSpecUrl } from './controlSpec.ts';
import { startMeetingPlatformServer, type MeetingPlatformServer } from './startMeetingPlatformServer.ts';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A control call with a JSON body, as any HTTP client sends it; its answer must be one its document describes. */
async function control(server: MeetingPlatformServer, method: string, path: string, body?: unknown): Promise<Answer> {
  const answer = await send(`${server.url}${path}`, body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const operation = controlSpec().operationFor(method, path);
  if (operation) expect(formatViolations(checkExchange(operation, { status: answer.status, headers: answer.headers, body: answer.text })), `${method} ${path}`).toBe('');
  return answer;
}

async function tokenFor(server: MeetingPlatformServer): Promise<string> {
  const { clientId, clientSecret, accountId } = server.accounts[0]!;
  const answer = await send(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'account_credentials', account_id: accountId }).toString(),
  });
  expect(answer.status).toBe(200);
  return (answer.json as { access_token: string }).access_token;
}

const api = (server: MeetingPlatformServer, path: string, token: string) => send(`${server.apiBaseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe.each<MockAdapter>(['node', 'msw'])('the control API through the %s adapter', (adapter) => {
  let server: MeetingPlatformServer;
  beforeAll(async () => {
    // The default clock (Date.now): the control API alone moves it.
    server = await startMeetingPlatformServer({ adapter });
  });
  afterEach(() => control(server, 'POST', '/__conform/reset'));
  afterAll(() => server.close());

  test('advancing the clock expires an access token: the next call with it answers 401, as the platform does', async () => {
    const token = await tokenFor(server);
    expect((await api(server, '/v2/users/me', token)).status).toBe(200);
    const before = (await control(server, 'GET', '/__conform/clock')).json as { nowMs: number; offsetMs: number };
    expect(before.offsetMs).toBe(0);
    const moved = await control(server, 'POST', '/__conform/clock', { advanceMs: (accessTokenTtlSeconds + 1) * 1000 });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ offsetMs: (accessTokenTtlSeconds + 1) * 1000 });
    expect((moved.json as { nowMs: number }).nowMs).toBeGreaterThanOrEqual(before.nowMs + (accessTokenTtlSeconds + 1) * 1000);
    const expired = await api(server, '/v2/users/me', token);
    expect(expired.status).toBe(401);
    expect(expired.json).toMatchObject({ code: 124 });
    // A new token is issued on the moved clock, and lives.
    expect((await api(server, '/v2/users/me', await tokenFor(server))).status).toBe(200);
  });

  test('setting the clock: setMs is where the mock reads the time from', async () => {
    const at = Date.UTC(2031, 5, 1, 12);
    const set = await control(server, 'POST', '/__conform/clock', { setMs: at });
    expect(set.status).toBe(200);
    expect((set.json as { nowMs: number }).nowMs).toBeGreaterThanOrEqual(at);
    expect((set.json as { now: string }).now.slice(0, 13)).toBe('2031-06-01T12');
  });

  test('a one-shot 503 on listMeetings: that call fails, other operations and the next call answer as usual', async () => {
    const token = await tokenFor(server);
    const added = await control(server, 'POST', '/__conform/faults', { operation: 'listMeetings', then: { status: 503 } });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ operation: 'listMeetings', remaining: 1, then: { status: 503 } });
    expect((await api(server, '/v2/users/me', token)).status).toBe(200);
    const failed = await api(server, '/v2/users/me/meetings', token);
    expect(failed.status).toBe(503);
    expect(failed.headers.get('x-mock-injected')).toBe('fault');
    expect(failed.json).toMatchObject({ code: 503 });
    expect((await api(server, '/v2/users/me/meetings', token)).status).toBe(200);
    expect((await control(server, 'GET', '/__conform/faults')).json).toEqual({ faults: [] });
  });

  test('a one-shot 429 with Retry-After, twice, then the answers come back', async () => {
    const token = await tokenFor(server);
    await control(server, 'POST', '/__conform/faults', { operation: 'getCurrentUser', times: 2, then: { status: 429, retryAfterSeconds: 7 } });
    const first = await api(server, '/v2/users/me', token);
    expect([first.status, first.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await control(server, 'GET', '/__conform/faults')).json).toMatchObject({ faults: [{ operation: 'getCurrentUser', remaining: 1 }] });
    expect((await api(server, '/v2/users/me', token)).status).toBe(429);
    expect((await api(server, '/v2/users/me', token)).status).toBe(200);
  });

  test('a fault on the token endpoint, and DELETE drops what is pending', async () => {
    await control(server, 'POST', '/__conform/faults', { operation: 'requestAccessToken', then: { status: 500 } });
    await control(server, 'POST', '/__conform/faults', { operation: 'getMeeting', times: 3, then: { delayMs: 5 } });
    const cleared = await control(server, 'DELETE', '/__conform/faults');
    expect(cleared.json).toMatchObject({ faults: [{ operation: 'requestAccessToken' }, { operation: 'getMeeting', remaining: 3 }] });
    await tokenFor(server);
  });

  test('a delayed answer is the platform\'s own answer', async () => {
    const token = await tokenFor(server);
    await control(server, 'POST', '/__conform/faults', { operation: 'getCurrentUser', then: { delayMs: 20 } });
    const late = await api(server, '/v2/users/me', token);
    expect(late.status).toBe(200);
    expect(late.json).toMatchObject({ account_id: server.accounts[0]!.accountId });
    expect((await control(server, 'GET', '/__conform/faults')).json).toEqual({ faults: [] });
  });

  test('the journal: requests received, secrets named, filtered by operation and time; control calls are not in it', async () => {
    const token = await tokenFor(server);
    await api(server, '/v2/users/me', token);
    const mid = (await control(server, 'GET', '/__conform/clock')).json as { nowMs: number };
    await control(server, 'POST', '/__conform/clock', { advanceMs: 1000 });
    await api(server, '/v2/users/me/meetings', token);
    const all = (await control(server, 'GET', '/__conform/journal')).json as { entries: Array<{ operation?: string; request: { url: string } }> };
    expect(all.entries.map((e) => e.operation)).toEqual(['requestAccessToken', 'getCurrentUser', 'listMeetings']);
    const text = JSON.stringify(all);
    expect(text).not.toContain(server.accounts[0]!.clientSecret);
    expect(text).not.toContain(token);
    expect(text).not.toContain(controlPrefix);
    const lists = (await control(server, 'GET', '/__conform/journal?operation=listMeetings')).json as { entries: unknown[] };
    expect(lists.entries).toHaveLength(1);
    const since = (await control(server, 'GET', `/__conform/journal?since=${encodeURIComponent(new Date(mid.nowMs + 500).toISOString())}`)).json as { entries: Array<{ operation?: string }> };
    expect(since.entries.map((e) => e.operation)).toEqual(['listMeetings']);
  });

  test('reset: the data back to its seed, the journal and the client report cleared, faults, scenario and clock as started', async () => {
    const token = await tokenFor(server);
    const seeded = (await api(server, '/v2/users/me/meetings?page_size=300', token)).json as { total_records: number };
    const ownerId = server.mock.accounts[0]!.userId;
    server.mock.state.db.meeting.create({ uuid: 'added-by-the-test==', id: 99_999_999_999, host_id: ownerId, topic: 'Added', type: 2, status: 'waiting', start_time: '2030-01-07T10:00:00Z', duration: 30, timezone: 'UTC', agenda: '', created_at: '2030-01-01T00:00:00Z', join_url: 'https://meeting-platform.example/j/1', password: '' });
    expect(((await api(server, '/v2/users/me/meetings?page_size=300', token)).json as { total_records: number }).total_records).toBe(seeded.total_records + 1);
    // A token request as JSON: the client report fails a clause.
    await send(`${server.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":"account_credentials"}' });
    expect(((await send(`${server.url}/__conform/client-report`)).json as { summary: { failed: number } }).summary.failed).toBeGreaterThan(0);
    await control(server, 'POST', '/__conform/clock', { advanceMs: 5000 });
    await control(server, 'PATCH', '/__conform/scenario', { wrongAddress: true });
    await control(server, 'POST', '/__conform/faults', { operation: 'getMeeting', then: { status: 502 } });

    const reset = await control(server, 'POST', '/__conform/reset');
    expect(reset.status).toBe(200);
    expect(reset.json).toMatchObject({ clock: { offsetMs: 0 }, scenario: { wrongAddress: false, rateLimitPerSecond: 0 }, faults: [] });
    expect((await control(server, 'GET', '/__conform/journal')).json).toEqual({ entries: [] });
    const report = (await send(`${server.url}/__conform/client-report`)).json as { summary: { failed: number; passed: number } };
    expect(report.summary).toMatchObject({ failed: 0, passed: 0 });
    expect((await control(server, 'GET', '/__conform/faults')).json).toEqual({ faults: [] });
    // Tokens are signed, not stored: one issued before the reset still lives.
    expect(((await api(server, '/v2/users/me/meetings?page_size=300', token)).json as { total_records: number }).total_records).toBe(seeded.total_records);
  });

  test('bad input answers 400 naming the field; an unknown path 404 and a wrong method 405 with Allow, in JSON', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/__conform/clock', { advanceMs: 'soon' }, 'advanceMs'],
      ['POST', '/__conform/clock', { advanceMs: -5 }, 'advanceMs'],
      ['POST', '/__conform/clock', {}, 'advanceMs'],
      ['POST', '/__conform/clock', { advanceMs: 1, setMs: 2 }, 'body'],
      ['POST', '/__conform/clock', '{"advanceMs":', 'body'],
      ['PATCH', '/__conform/scenario', { errorRate: 2 }, 'errorRate'],
      ['PATCH', '/__conform/scenario', { latency: 5 }, 'latency'],
      ['PATCH', '/__conform/scenario', { wrongAddress: 'yes' }, 'wrongAddress'],
      ['POST', '/__conform/faults', { operation: 'deleteMeeting', then: { status: 503 } }, 'operation'],
      ['POST', '/__conform/faults', { operation: 'listMeetings', then: { status: 200 } }, 'then.status'],
      ['POST', '/__conform/faults', { operation: 'listMeetings', then: { delayMs: -1 } }, 'then.delayMs'],
      ['POST', '/__conform/faults', { operation: 'listMeetings', times: 0, then: { status: 503 } }, 'times'],
      ['POST', '/__conform/faults', { operation: 'listMeetings' }, 'then'],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = await control(server, method, path, body);
      expect([answer.status, answer.headers.get('content-type'), (answer.json as { field?: string }).field], `${method} ${path} ${JSON.stringify(body)}`).toEqual([400, 'application/json', field]);
      expect(answer.json).toMatchObject({ error: 'invalid_request', message: expect.stringContaining(field) });
    }
    const sinceWrong = await control(server, 'GET', '/__conform/journal?since=yesterday');
    expect([sinceWrong.status, (sinceWrong.json as { field: string }).field]).toEqual([400, 'since']);
    const form = await send(`${server.url}/__conform/clock`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'advanceMs=5' });
    expect([form.status, (form.json as { field: string }).field]).toEqual([400, 'content-type']);
    // Nothing was changed by a refused call.
    expect((await control(server, 'GET', '/__conform/clock')).json).toMatchObject({ offsetMs: 0 });
    expect((await control(server, 'GET', '/__conform/faults')).json).toEqual({ faults: [] });

    const unknown = await control(server, 'GET', '/__conform/nothing-here');
    expect([unknown.status, unknown.headers.get('content-type'), (unknown.json as { error: string }).error]).toEqual([404, 'application/json', 'not_found']);
    const wrongMethod = await control(server, 'DELETE', '/__conform/clock');
    expect([wrongMethod.status, wrongMethod.headers.get('allow'), (wrongMethod.json as { error: string }).error]).toEqual([405, 'GET, POST', 'method_not_allowed']);
    const reportPosted = await control(server, 'POST', '/__conform/client-report', {});
    expect([reportPosted.status, reportPosted.headers.get('allow'), (reportPosted.json as { error: string }).error]).toEqual([405, 'GET', 'method_not_allowed']);
  });

  test('a control path never shadows a platform path: /__conform/ under the API is the platform\'s own 404', async () => {
    const token = await tokenFor(server);
    const underApi = await api(server, '/v2/__conform/reset', token);
    expect(underApi.status).toBe(404);
    expect(underApi.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await api(server, '/v2/users/me', token)).status).toBe(200);
  });
});

describe('the rate limit switched at run time', () => {
  let server: MeetingPlatformServer;
  beforeAll(async () => {
    // A clock that stands still: every call falls in one rate-limit window, whatever the machine's pace.
    server = await startMeetingPlatformServer({ clock: manualClock() });
  });
  afterAll(() => server.close());

  test('PATCH rateLimitPerSecond: calls past it answer 429; a clock step opens the next window; 0 lifts it', async () => {
    const token = await tokenFor(server);
    for (let i = 0; i < 3; i++) expect((await api(server, '/v2/users/me', token)).status).toBe(200);
    const patched = await control(server, 'PATCH', '/__conform/scenario', { rateLimitPerSecond: 2 });
    expect(patched.json).toMatchObject({ rateLimitPerSecond: 2, latencyMs: 0 });
    expect((await control(server, 'GET', '/__conform/scenario')).json).toMatchObject({ rateLimitPerSecond: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api(server, '/v2/users/me', token)).status);
    expect(statuses).toEqual([200, 200, 429]);
    await control(server, 'POST', '/__conform/clock', { advanceMs: 1000 });
    expect((await api(server, '/v2/users/me', token)).status).toBe(200);
    await control(server, 'PATCH', '/__conform/scenario', { rateLimitPerSecond: 0 });
    for (let i = 0; i < 3; i++) expect((await api(server, '/v2/users/me', token)).status).toBe(200);
  });
});

describe('the control API\'s own document', () => {
  test('is valid OpenAPI 3.1 by Redocly\'s recommended rules, its examples matching their schemas', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-invalid-media-type-examples': 'error', 'no-invalid-schema-examples': 'error' } });
    const problems = await lint({ ref: fileURLToPath(controlSpecUrl), config });
    // The live page is the API's root, /__conform/ (src/client/livePage.ts): that one path ends in a slash on purpose.
    const livePageRoot = (p: (typeof problems)[number]) => p.ruleId === 'no-path-trailing-slash' && p.location[0]?.pointer === '#/paths/~1__conform~1';
    expect(problems.filter((p) => !livePageRoot(p)).map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`)).toEqual([]);
  });

  test('every control path is under /__conform/ and none is a path of the platform\'s spec', () => {
    const platform = loadSpec('meeting-platform');
    for (const op of controlSpec().operations) {
      expect(op.path.startsWith(controlPrefix), op.path).toBe(true);
      expect(platform.operationFor(op.method, op.path), `${op.method} ${op.path}`).toBeUndefined();
    }
    for (const op of platform.operations) expect(op.path.startsWith(controlPrefix)).toBe(false);
  });
});
