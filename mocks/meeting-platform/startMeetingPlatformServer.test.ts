import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { encodeMeetingId } from '../../src/meeting-platform/core/encodeMeetingId.ts';
import { requestToken } from '../../src/meeting-platform/platformRequests.ts';
import type { MockAdapter } from '../MockExchange.ts';
import { manualClock } from './clock.ts';
import { startMeetingPlatformServer, type MeetingPlatformServer } from './startMeetingPlatformServer.ts';
import { meetingMockContract } from './fixtures/meetingMockContract.ts';
import { defaultLimits } from '../../src/exchange/exchangeLimits.ts';

// The node:http adapter, as `conform mock` serves the mock: the whole contract over real HTTP.
describe('the route table on node:http', () => {
  meetingMockContract(async (options) => {
    const server = await startMeetingPlatformServer({ ...options, adapter: 'node' });
    return { authUrl: server.url, apiBaseUrl: server.url, mock: server.mock, close: server.close };
  }, manualClock());
});

// What only a server does (addresses, raw request targets), through both adapters.
describe.each<MockAdapter>(['node', 'msw'])('over HTTP through the %s adapter', (adapter) => {
  let server: MeetingPlatformServer;
  beforeAll(async () => {
    server = await startMeetingPlatformServer({ adapter });
  });
  afterAll(() => server.close());

  async function accessToken(): Promise<string> {
    const answer = await requestToken({ authUrl: server.url, credentials: server.accounts[0]!, limits: defaultLimits });
    return (answer.json as { access_token: string }).access_token;
  }

  /** A raw request target, sent as is: fetch would normalise a path that starts with "//". */
  function rawGet(target: string, headers: Record<string, string>): Promise<{ status: number; type: string; body: string }> {
    const { hostname, port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: hostname, port, path: target, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      });
      req.on('error', reject).end();
    });
  }

  test('serves token and API on one port, on loopback', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/v2/users/me`, { headers: { authorization: `Bearer ${await accessToken()}` } });
    expect(res.status).toBe(200);
  });

  test('answers through "localhost" as well: request URLs are built on the server URL', async () => {
    const res = await rawGet('/v2/users/me', { host: 'localhost', authorization: `Bearer ${await accessToken()}` });
    expect(res.status).toBe(200);
  });

  test('an address nothing serves gets the HTML 404 page', async () => {
    const res = await rawGet('/api/v2/users/me', {});
    expect(res.status).toBe(404);
    expect(res.type).toMatch(/^text\/html/);
    const absolute = await rawGet('http://elsewhere.test/v2/users/me', {});
    expect(absolute.type).toMatch(/^text\/html/);
  });

  test('resolves dot segments as a URL parser does, before the gateway decodes', async () => {
    const t = await accessToken();
    expect((await rawGet('/v2/users/nobody/../me', { authorization: `Bearer ${t}` })).status).toBe(200);
    expect((await rawGet('/v2/users/%2e%2E/users/me', { authorization: `Bearer ${t}` })).status).toBe(200);
  });

  test('decodes the path once, over real HTTP too', async () => {
    const t = await accessToken();
    const meeting = server.mock.state.meetingsOf(server.mock.accounts[0]!.userId).find((m) => m.uuid.startsWith('/'))!;
    expect((await rawGet(`/v2/meetings/${encodeMeetingId(meeting.uuid)}`, { authorization: `Bearer ${t}` })).status).toBe(200);
    expect((await rawGet(`/v2/meetings/${encodeURIComponent(meeting.uuid)}`, { authorization: `Bearer ${t}` })).status).toBe(404);
  });

  test('serves accounts given to it, e.g. from the environment', async () => {
    const own = await startMeetingPlatformServer({ adapter, accounts: [{ clientId: 'cid', clientSecret: 'a-long-secret', accountId: 'acc' }] });
    try {
      expect(own.accounts).toEqual([{ clientId: 'cid', clientSecret: 'a-long-secret', accountId: 'acc' }]);
      expect(own.mock.state.meetingsOf(own.mock.accounts[0]!.userId).length).toBeGreaterThan(30);
    } finally {
      await own.close();
    }
  });
});

test('prepended handlers need the msw adapter', async () => {
  await expect(startMeetingPlatformServer({ adapter: 'node', prepend: () => [] })).rejects.toThrow(/msw/);
});
