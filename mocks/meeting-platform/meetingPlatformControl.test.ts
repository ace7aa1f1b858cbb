// The control API's operations on the in-process handle (`mock.control`): the same effects as over
// HTTP, seen by a client talking real HTTP to the mock, and the same checks of the input.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accessTokenTtlSeconds } from './accessTokens.ts';
import { MockControlError } from '../control-api/MockControlError.ts';
import { startMeetingPlatformServer, type MeetingPlatformServer } from './startMeetingPlatformServer.ts';

describe('mock.control, the in-process handle', () => {
  let server: MeetingPlatformServer;
  beforeAll(async () => {
    server = await startMeetingPlatformServer();
  });
  afterAll(() => server.close());

  async function token(): Promise<string> {
    const { clientId, clientSecret, accountId } = server.accounts[0]!;
    const res = await fetch(`${server.url}/oauth/token?grant_type=account_credentials&account_id=${accountId}`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` } });
    return ((await res.json()) as { access_token: string }).access_token;
  }
  const me = async (bearer: string) => (await fetch(`${server.url}/v2/users/me`, { headers: { authorization: `Bearer ${bearer}` } })).status;

  test('clock, faults, scenario and reset act on what a client over HTTP gets', async () => {
    const { control } = server.mock;
    const bearer = await token();
    expect(control.clock.advance(accessTokenTtlSeconds * 1000 + 1).offsetMs).toBe(accessTokenTtlSeconds * 1000 + 1);
    expect(await me(bearer)).toBe(401);
    const fresh = await token();
    expect(control.faults.add({ operation: 'getCurrentUser', then: { status: 503 } })).toMatchObject({ remaining: 1 });
    expect(control.faults.pending()).toHaveLength(1);
    expect(await me(fresh)).toBe(503);
    expect(await me(fresh)).toBe(200);
    expect(control.scenario.set({ wrongAddress: true })).toMatchObject({ wrongAddress: true, errorRate: 0 });
    expect(await me(fresh)).toBe(404);
    expect(control.journal({ operation: 'getCurrentUser' }).map((e) => e.answer.status)).toEqual([401, 503, 200, 404]);
    const reset = control.reset();
    expect(reset).toMatchObject({ clock: { offsetMs: 0 }, scenario: { wrongAddress: false }, faults: [] });
    expect(control.journal()).toEqual([]);
    expect(control.clientReport().summary).toMatchObject({ failed: 0, passed: 0 });
    // The clock is back: the first token, issued before it moved, lives again.
    expect(await me(bearer)).toBe(200);
    control.reset();
  });

  test('input that breaks the control API\'s schemas throws MockControlError naming the field, and changes nothing', () => {
    const { control } = server.mock;
    const refused = (act: () => unknown) => {
      try {
        act();
      } catch (err) {
        if (err instanceof MockControlError) return err.field;
        throw err;
      }
      return 'accepted';
    };
    expect(refused(() => control.clock.advance(-1))).toBe('advanceMs');
    expect(refused(() => control.clock.set(1.5))).toBe('setMs');
    expect(refused(() => control.scenario.set({ errorRate: 1.5 }))).toBe('errorRate');
    expect(refused(() => control.scenario.set({ latency: 3 } as never))).toBe('latency');
    expect(refused(() => control.faults.add({ operation: 'listMeetings', then: { status: 302 } }))).toBe('then.status');
    expect(control.clock.now().offsetMs).toBe(0);
    expect(control.scenario.get()).toMatchObject({ errorRate: 0 });
    expect(control.faults.pending()).toEqual([]);
  });
});
