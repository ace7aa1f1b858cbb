// The mock's own data through the control API over real HTTP on loopback (both adapters): put, list,
// delete, generate, reset to what it started with, and the platform's list paging and uuid encoding over
// the data put; and the connection-reset fault.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { encodeMeetingId } from '../../src/meeting-platform/core/encodeMeetingId.ts';
import { checkExchange } from '../../src/openapi/checkExchange.ts';
import { formatViolations } from '../../src/openapi/Violation.ts';
import { controlSpec } from './controlSpec.ts';
import type { MockAdapter } from '../MockExchange.ts';
import { checkMeetingData, maxDataUsers } from './checkMeetingData.ts';
import { createMeetingPlatformMock } from './createMeetingPlatformMock.ts';
import { MockControlError } from '../control-api/MockControlError.ts';
import type { MeetingSeed, UserSeed } from './seedTypes.ts';
import { startMeetingPlatformServer, type MeetingPlatformServer } from './startMeetingPlatformServer.ts';

interface Answer {
  status: number;
  json: unknown;
  headers: Headers;
  text: string;
}

async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers, text };
}

/** A control call; its answer must be one specs/mock-control.openapi.yaml describes. */
async function control(server: MeetingPlatformServer, method: string, path: string, body?: unknown): Promise<Answer> {
  const answer = await send(`${server.url}/__conform/${path}`, body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const operation = controlSpec().operationFor(method, `/__conform/${path}`);
  expect(operation, `${method} ${path}`).toBeDefined();
  expect(formatViolations(checkExchange(operation!, { status: answer.status, headers: answer.headers, body: answer.text })), `${method} ${path}`).toBe('');
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

const meeting = (i: number, hostId: string, extra: Partial<MeetingSeed> = {}): MeetingSeed => ({
  uuid: `uuid-${i}-AAAAAAAAAAAAAA==`,
  id: 90_000_000_000 + i,
  host_id: hostId,
  topic: `Meeting ${i}`,
  start_time: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  ...extra,
});

describe('checkMeetingData', () => {
  const users: UserSeed[] = [{ id: 'u1', email: 'u1@example.com', account_id: 'acc' }];
  test('refuses a bad record, naming its place', () => {
    const checked = checkMeetingData({ users, meetings: [meeting(0, 'u1'), meeting(1, 'u1'), meeting(2, 'u1'), meeting(3, 'u1', { start_time: 'tomorrow' })] }, 'acc');
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(`${checked.problems[0]!.field}: ${checked.problems[0]!.message}`).toBe('meetings[3].start_time: must match format "date-time"');
  });
  test('refuses a host that is no user, a missing field, an unknown one', () => {
    const checked = checkMeetingData({ users: [{ id: 'u2' }], meetings: [meeting(0, 'nobody')] }, 'acc');
    expect(checked.ok ? [] : checked.problems.map((p) => p.field)).toEqual(['users[0].email', 'meetings[0].host_id']);
    const extra = checkMeetingData({ users: [{ ...users[0], nickname: 'x' }], meetings: [] }, 'acc');
    expect(extra.ok ? [] : extra.problems.map((p) => p.field)).toEqual(['users[0].nickname']);
  });
  test('fills in the account and refuses past the cap', () => {
    const checked = checkMeetingData({ users: [{ id: 'u3', email: 'u3@example.com' }], meetings: [] }, 'acc');
    expect(checked.ok && checked.data.users[0]!.account_id).toBe('acc');
    const many = Array.from({ length: maxDataUsers + 1 }, (_, i) => ({ id: `u${i}`, email: `u${i}@example.com` }));
    const over = checkMeetingData({ users: many, meetings: [] }, 'acc');
    expect(over.ok ? '' : over.problems[0]!.message).toContain(`at most ${maxDataUsers}`);
  });
});

describe('the in-process handle', () => {
  test('mock.control.data and the rest throw MockControlError naming the field', () => {
    const mock = createMeetingPlatformMock({ clock: () => Date.UTC(2026, 0, 1) });
    expect(() => mock.control.data.put({ users: [], meetings: [meeting(0, 'x', { start_time: 'no' })] })).toThrow(MockControlError);
    // What GET gives, PUT takes back: the data format round-trips.
    const held = mock.control.data.get();
    expect(mock.control.data.put(held)).toEqual({ users: held.users.length, meetings: held.meetings.length });
    expect(Object.getOwnPropertySymbols(held.meetings[0]!)).toEqual([]);
    const me = mock.control.users.list()[0]!;
    expect(mock.control.meetings.put(meeting(1, me.id)).status).toBe('created');
    expect(mock.control.meetings.put(meeting(1, me.id, { topic: 'again' })).status).toBe('replaced');
    expect(mock.control.meetings.list(me.id).some((m) => m.topic === 'again')).toBe(true);
    expect(mock.control.meetings.delete(meeting(1, me.id).uuid)).toBe(true);
    expect(mock.control.meetings.delete(meeting(1, me.id).uuid)).toBe(false);
  });
  test('generated meetings are the same for the same random seed, and --meetings adds them at start', () => {
    const make = () => createMeetingPlatformMock({ clock: () => Date.UTC(2026, 0, 1), generatedMeetings: 5 });
    const [a, b] = [make(), make()];
    const users = a.control.users.list().length;
    expect(a.state.data().meetings.length).toBe(b.state.data().meetings.length);
    expect(a.control.meetings.generate({ count: 3 }).added).toBe(3 * users);
    expect(b.control.meetings.generate({ count: 3 }).added).toBe(3 * users);
    expect(a.control.data.get().meetings.map((m) => m.uuid).sort()).toEqual(b.control.data.get().meetings.map((m) => m.uuid).sort());
    const held = a.control.data.get().meetings.length;
    a.control.reset();
    expect(a.control.data.get().meetings.length).toBe(held - 3 * users);
  });
});

describe.each<MockAdapter>(['node', 'msw'])('the data over HTTP through the %s adapter', (adapter) => {
  let server: MeetingPlatformServer;
  beforeAll(async () => {
    server = await startMeetingPlatformServer({ adapter });
  });
  afterAll(() => server.close());

  test('GET data, PUT 301 meetings for one user, and the list pages them 300 then 1', async () => {
    const started = (await control(server, 'GET', 'data')).json as { users: UserSeed[]; meetings: MeetingSeed[] };
    const me = started.users.find((u) => u.id === server.mock.accounts[0]!.userId)!;
    const meetings = Array.from({ length: 301 }, (_, i) => meeting(i, me.id));
    const put = await control(server, 'PUT', 'data', { users: [me], meetings });
    expect(put).toMatchObject({ status: 200, json: { users: 1, meetings: 301 } });
    const token = await tokenFor(server);
    const seen: string[] = [];
    const sizes: number[] = [];
    let next = '';
    do {
      const page = await api(server, `/v2/users/me/meetings?page_size=300${next ? `&next_page_token=${encodeURIComponent(next)}` : ''}`, token);
      expect(page.status).toBe(200);
      const body = page.json as { meetings: Array<{ uuid: string }>; next_page_token: string };
      sizes.push(body.meetings.length);
      seen.push(...body.meetings.map((m) => m.uuid));
      next = body.next_page_token;
    } while (next && sizes.length < 5);
    expect(sizes).toEqual([300, 1]);
    expect(new Set(seen).size).toBe(301);
    // A reset puts back what the mock started with, not the PUT.
    await control(server, 'POST', 'reset');
    expect(((await control(server, 'GET', 'data')).json as { meetings: unknown[] }).meetings.length).toBe(started.meetings.length);
  });

  test('a PUT of data past the 1 MiB other bodies get is read whole', async () => {
    const me = ((await control(server, 'GET', 'users')).json as { users: UserSeed[] }).users.find((u) => u.id === server.mock.accounts[0]!.userId)!;
    const meetings = Array.from({ length: 5000 }, (_, i) => meeting(i, me.id, { agenda: 'x'.repeat(300) }));
    expect(JSON.stringify(meetings).length).toBeGreaterThan(1 << 20);
    expect((await control(server, 'PUT', 'data', { users: [me], meetings })).json).toEqual({ users: 1, meetings: 5000 });
    await control(server, 'POST', 'reset');
  });

  test('a bad record is refused naming it', async () => {
    const answer = await control(server, 'PUT', 'data', { users: [], meetings: [meeting(0, 'x', { start_time: 'soon' })] });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: 'invalid_request', field: 'meetings[0].start_time' });
  });

  test('a meeting whose uuid holds "//" is put by POST and fetched double-encoded', async () => {
    const me = server.mock.accounts[0]!.userId;
    const uuid = 'ab//cdEFghIJklMNopQR==';
    expect((await control(server, 'POST', 'meetings', meeting(7, me, { uuid }))).status).toBe(201);
    expect((await control(server, 'POST', 'meetings', meeting(7, me, { uuid, topic: 'moved' }))).status).toBe(200);
    const token = await tokenFor(server);
    const got = await api(server, `/v2/meetings/${encodeMeetingId(uuid)}`, token);
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ uuid, topic: 'moved' });
    expect((await control(server, 'DELETE', `meetings?uuid=${encodeURIComponent(uuid)}`)).status).toBe(204);
    expect((await control(server, 'DELETE', `meetings?uuid=${encodeURIComponent(uuid)}`)).status).toBe(404);
    await control(server, 'POST', 'reset');
  });

  test('users: put 201 then 200, delete takes their meetings, 404 when absent', async () => {
    const user = { id: 'newUser1', email: 'new@example.com' };
    expect((await control(server, 'PUT', 'users/newUser1', user)).status).toBe(201);
    expect((await control(server, 'PUT', 'users/newUser1', { ...user, first_name: 'N' })).status).toBe(200);
    expect((await control(server, 'PUT', 'users/other', user)).json).toMatchObject({ field: 'id' });
    expect((await control(server, 'POST', 'meetings/generate', { count: 4, hostId: 'newUser1' })).json).toEqual({ added: 4 });
    expect(((await control(server, 'GET', 'meetings?hostId=newUser1')).json as { meetings: unknown[] }).meetings).toHaveLength(4);
    expect(((await control(server, 'GET', 'users')).json as { users: UserSeed[] }).users.find((u) => u.id === 'newUser1')?.account_id).toBe(server.accounts[0]!.accountId);
    expect((await control(server, 'DELETE', 'users/newUser1')).status).toBe(204);
    expect(((await control(server, 'GET', 'meetings?hostId=newUser1')).json as { meetings: unknown[] }).meetings).toHaveLength(0);
    expect((await control(server, 'DELETE', 'users/newUser1')).status).toBe(404);
    expect((await control(server, 'POST', 'meetings/generate', { count: 0 })).status).toBe(400);
    await control(server, 'POST', 'reset');
  });

  test('the reset fault breaks the connection once, then the call is answered', async () => {
    const token = await tokenFor(server);
    expect((await control(server, 'POST', 'faults', { operation: 'getCurrentUser', then: { reset: true } })).status).toBe(201);
    const failed = await fetch(`${server.apiBaseUrl}/v2/users/me`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) }).then(
      () => 'answered',
      (err: Error) => `${err.message} ${String((err.cause as Error | undefined)?.message ?? '')} ${String((err.cause as NodeJS.ErrnoException | undefined)?.code ?? '')}`,
    );
    expect(failed).toMatch(/fetch failed|other side closed|ECONNRESET|socket/);
    expect((await api(server, '/v2/users/me', token)).status).toBe(200);
    // The judge was not handed a reset as an answer: its report still builds.
    expect(server.clientReport({ end: false }).checks.length).toBeGreaterThan(0);
  });
});
