import { http } from 'msw';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { Redactor } from '../exchange/Redactor.ts';
import { field, observeExchanges } from './exchange.ts';
import { normalizeMeetingId, probeFirstCall, type FirstCallOptions } from './firstCallProbe.ts';

let server: MeetingPlatformServer;
beforeAll(async () => {
  server = await startMeetingPlatformServer();
});
afterAll(() => server.close());

const options = (over: Partial<FirstCallOptions> = {}): FirstCallOptions => ({
  authUrl: server.url,
  apiBaseUrl: server.url,
  credentials: server.accounts[0]!,
  redactor: new Redactor(),
  ...over,
});

const statuses = (steps: Array<{ status: string }>) => steps.map((s) => s.status);

describe('the first-call probe against the mock', () => {
  test('pass: token, current user, meetings, a meeting by id', async () => {
    const result = await probeFirstCall(options());
    expect(statuses(result.steps)).toEqual(['passed', 'passed', 'passed', 'passed']);
    expect(result).toMatchObject({ passed: true, unreachable: false });
  });

  test("the run's Redactor learns the client secret and the access token", async () => {
    const redactor = new Redactor();
    const tokens: string[] = [];
    const stop = observeExchanges((x) => {
      const token = field(x, 'access_token');
      if (typeof token === 'string') tokens.push(token);
    });
    try {
      await probeFirstCall(options({ redactor }));
    } finally {
      stop();
    }
    expect(tokens).toHaveLength(1);
    expect(redactor.redact(`${server.accounts[0]!.clientSecret} ${tokens[0]}`)).toBe('$MEETING_CLIENT_SECRET $ACCESS_TOKEN');
  });

  test('a wrong secret is diagnosed as invalid_client, and the rest is skipped', async () => {
    const result = await probeFirstCall(options({ credentials: { ...server.accounts[0]!, clientSecret: 'not-the-secret' } }));
    expect(statuses(result.steps)).toEqual(['failed', 'skipped', 'skipped', 'skipped']);
    expect(result.steps[0]!.diagnosis).toMatch(/invalid_client: the client ID or client secret is wrong/);
    expect(result.passed).toBe(false);
  });

  test('an HTML page from the token address is diagnosed as a wrong address or flow', async () => {
    const result = await probeFirstCall(options({ authUrl: `${server.url}/v2` }));
    expect(result.steps[0]!.diagnosis).toMatch(/HTML page instead of JSON: a wrong address or flow/);
  });

  test('an HTML page from the API address is diagnosed as a wrong address', async () => {
    const result = await probeFirstCall(options({ apiBaseUrl: `${server.url}/api` }));
    expect(statuses(result.steps)).toEqual(['passed', 'failed', 'skipped', 'skipped']);
    expect(result.steps[1]!.diagnosis).toMatch(/HTML page instead of JSON: a wrong address.*api_url/s);
  });

  test('a meeting the user can see, answered 404, is diagnosed as an identifier mismatch', async () => {
    const uuid = server.mock.state.meetingsOf(server.mock.accounts[0]!.userId).find((m) => m.uuid.startsWith('/'))!.uuid;
    expect((await probeFirstCall(options({ meetingId: uuid }))).passed).toBe(true);
    const result = await probeFirstCall(options({ meetingId: uuid.slice(1) }));
    expect(result.steps[3]!.diagnosis).toMatch(/identifier type or encoding mismatch/);
  });

  test('a platform that loses a listed meeting gets the same diagnosis', async () => {
    const lossy = await startMeetingPlatformServer({
      prepend: () => [http.get(({ request }) => new URL(request.url).pathname.startsWith('/v2/meetings/'), () => Response.json({ code: 3001, message: 'Meeting does not exist.' }, { status: 404 }))],
    });
    try {
      const result = await probeFirstCall({ ...options(), authUrl: lossy.url, apiBaseUrl: lossy.url });
      expect(statuses(result.steps)).toEqual(['passed', 'passed', 'passed', 'failed']);
      expect(result.steps[3]!.diagnosis).toMatch(/identifier type or encoding mismatch/);
    } finally {
      await lossy.close();
    }
  });

  test('a host that does not answer makes the checks unable to run', async () => {
    const closed = await startMeetingPlatformServer();
    await closed.close();
    const result = await probeFirstCall(options({ authUrl: closed.url }));
    expect(result).toMatchObject({ passed: false, unreachable: true });
    expect(result.steps[0]!.diagnosis).toMatch(/Could not reach .*ECONNREFUSED.*--auth-url/);
  });
});

test('a meeting number as the user interface shows it becomes digits', () => {
  expect(normalizeMeetingId(' 852 3456 7890 ')).toBe('85234567890');
  expect(normalizeMeetingId('/ab+c==')).toBe('/ab+c==');
});
