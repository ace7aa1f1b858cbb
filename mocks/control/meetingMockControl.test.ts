// The typed control client against a running meeting mock over real HTTP on loopback.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../meeting-platform/startMeetingPlatformServer.ts';
import { meetingMockControl } from './meetingMockControl.ts';

describe('meetingMockControl', () => {
  let server: MeetingPlatformServer;
  beforeAll(async () => {
    server = await startMeetingPlatformServer();
  });
  afterAll(() => server.close());

  async function token(): Promise<string> {
    const { clientId, clientSecret, accountId } = server.accounts[0]!;
    const r = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=account_credentials&account_id=${accountId}`,
    });
    return ((await r.json()) as { access_token: string }).access_token;
  }
  const list = async (accessToken: string) => (await fetch(`${server.url}/v2/users/me/meetings`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

  test('a fault, the clock and the journal, typed, then a reset', async () => {
    const control = meetingMockControl(`${server.url}/`);
    const accessToken = await token();
    const added = await control.POST('/__conform/faults', { body: { operation: 'listMeetings', then: { status: 503 } } });
    expect(added.response.status).toBe(201);
    expect(added.data?.remaining).toBe(1);
    expect(await list(accessToken)).toBe(503);
    expect(await list(accessToken)).toBe(200);

    const moved = await control.POST('/__conform/clock', { body: { advanceMs: 3_600_000 } });
    expect(moved.data?.offsetMs).toBe(3_600_000);
    expect(await list(accessToken)).toBe(401);

    const journal = await control.GET('/__conform/journal', { params: { query: { operation: 'listMeetings' } } });
    expect(journal.data?.entries.map((e) => e.answer.status)).toEqual([503, 200, 401]);
    expect(JSON.stringify(journal.data)).not.toContain(accessToken);

    const reset = await control.POST('/__conform/reset');
    expect(reset.data?.clock.offsetMs).toBe(0);
    expect(await list(await token())).toBe(200);
  });

  test('a call the document refuses comes back as the typed error, naming the field', async () => {
    const control = meetingMockControl(server.url);
    // A value of the wrong type, as a client in a loosely typed language would send it.
    const bad = await control.POST('/__conform/clock', { body: { advanceMs: 'an hour' as unknown as number } });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ error: 'invalid_request', field: 'advanceMs' });
  });
});
