// The meeting mock's latency (conform mock meeting-platform --latency) delays an answer decided on arrival:
// a call counts in the rate window (--rate-limit) it arrived in, and a client meets the 429 over real
// HTTP on loopback and waits it out.
import { afterEach, describe, expect, test } from 'vitest';
import { MeetingClient } from '../../src/client/fixtures/meetingPlatformClients.ts';
import type { MockRequest } from '../MockExchange.ts';
import { serveRouteTable } from '../serveRouteTable.ts';
import { manualClock } from './clock.ts';
import { createMeetingPlatformMock } from './createMeetingPlatformMock.ts';
import { judgedMeetingMock, type ClientAdapter, type JudgedMeetingMock } from './fixtures/judgedMeetingMock.ts';

let closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.map((close) => close()));
  closing = [];
});

test('a call counts in the rate window it arrived in, however long its answer takes', async () => {
  const clock = manualClock();
  const arrived: MockRequest[] = [];
  let mock: ReturnType<typeof createMeetingPlatformMock> | undefined;
  // The mock's own table over node:http, each arrival noted before the table answers it.
  const served = await serveRouteTable((url) => {
    const made = (mock = createMeetingPlatformMock({ clock, authUrl: url, apiBaseUrl: url, scenario: { rateLimitPerSecond: 1, latencyMs: 300 } }));
    return { serves: made.routes.serves, answer: (request) => (arrived.push(request), made.routes.answer(request)) };
  });
  closing.push(served.close);
  const token = await new MeetingClient({ authUrl: served.url, apiBaseUrl: served.url, credentials: mock!.accounts[0]!, now: clock }).token();
  // Each call sent once, its answer read as it came: no retry hides a 429.
  const me = () => fetch(`${served.url}/v2/users/me`, { headers: { authorization: `Bearer ${token}` } });
  const first = me();
  await expect.poll(() => arrived.length).toBe(2);
  // The next second begins while the first call's answer is still on its way: a second call is within the limit.
  clock.advance(1000);
  const second = me();
  expect([(await first).status, (await second).status]).toEqual([200, 200]);
  // A third in that second is over it, latency or not.
  expect((await me()).status).toBe(429);
});

describe.each<ClientAdapter>(['node', 'msw'])('--rate-limit with --latency (%s adapter)', (adapter) => {
  test('two calls in one second get a 200 and a 429, which the client waits out', async () => {
    const judged: JudgedMeetingMock = await judgedMeetingMock(adapter, { rateLimitPerSecond: 1, latencyMs: 300 });
    closing.push(judged.close);
    const client = new MeetingClient(judged.client);
    await client.token();
    const answers = await Promise.all([client.get('/users/me'), client.get('/users/me/meetings?page_size=30')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const refused = judged.clientJournal().filter((e) => e.answer.status === 429);
    expect(refused).toHaveLength(1);
    expect(JSON.parse(refused[0]!.answer.excerpt)).toEqual({ code: 429, message: 'You have reached the maximum per-second rate limit for this API. Try again later.' });
    const retryAfter = judged.clientReport().checks.find((c) => c.clause === 'MP-CLIENT-RETRY-AFTER')!;
    expect(retryAfter.status, retryAfter.message).toBe('passed');
  });
});

test('each request is routed by its own path, whatever path came before it', async () => {
  const url = 'http://127.0.0.1:9';
  const mock = createMeetingPlatformMock({ clock: manualClock(), authUrl: url, apiBaseUrl: url });
  const { clientId, clientSecret, accountId } = mock.accounts[0]!;
  const request = (method: string, path: string, headers: Record<string, string>, body = ''): MockRequest => ({ method, origin: url, path, query: '', headers, body, onHangUp() {} });
  const tokenRequest = (path: string) =>
    request('POST', path, { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' }, `grant_type=account_credentials&account_id=${accountId}`);
  const answer = async (r: MockRequest) => {
    const reply = await mock.routes.answer(r);
    return { status: reply.status, type: reply.headers['content-type'] ?? '', body: reply.body };
  };
  const issued = await answer(tokenRequest('/oauth/token'));
  expect(issued.status).toBe(200);
  // Right after the token path: a path beside it is no token endpoint, and the token path is one again.
  expect(await answer(tokenRequest('/oauth/tokens'))).toMatchObject({ status: 404, type: expect.stringMatching(/^text\/html/) });
  expect((await answer(tokenRequest('/oauth/token'))).status).toBe(200);
  const bearer = { authorization: `Bearer ${(JSON.parse(issued.body) as { access_token: string }).access_token}` };
  const get = (path: string) => answer(request('GET', path, bearer));
  // The same paths in turn, each after another: the user, the meeting list, the user again, a path of no operation.
  const user = await get('/v2/users/me');
  const list = await get('/v2/users/me/meetings');
  expect(JSON.parse(user.body)).toHaveProperty('email');
  expect(JSON.parse(list.body)).toHaveProperty('meetings');
  expect(await get('/v2/users/me')).toEqual(user);
  expect((await get('/v2/users/me/meetings/x')).status).toBe(404);
  expect(await get('/v2/users/me/meetings')).toEqual(list);
});
