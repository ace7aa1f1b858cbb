import { http } from 'msw';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { runConform } from '../../testing/runConform.ts';

// Loopback only: the checker's real default URLs are never contacted here.
let server: MeetingPlatformServer;
beforeAll(async () => {
  server = await startMeetingPlatformServer();
});
afterAll(() => server.close());

const credentials = () => ({
  MEETING_CLIENT_ID: server.accounts[0]!.clientId,
  MEETING_CLIENT_SECRET: server.accounts[0]!.clientSecret,
  MEETING_ACCOUNT_ID: server.accounts[0]!.accountId,
});
const check = (url: string, env: Record<string, string>, extra: string[] = []) =>
  runConform(['check', 'meeting-platform', '--auth-url', url, '--api-base-url', url, ...extra], env);

describe('conform check meeting-platform', () => {
  test('exit 0 when token, /users/me and the first page work; no secret printed', async () => {
    const result = await check(server.url, credentials());
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/✓ token .*\n✓ current user .*\n✓ meetings .*30 of 47 meetings/);
    expect(result.stdout).toContain('All first-call checks passed.');
    expect(result.stdout).not.toContain(server.accounts[0]!.clientSecret);
  });

  test('exit 1 with an invalid_client diagnosis for a wrong secret, which is not printed', async () => {
    const wrong = 'a-wrong-secret-value';
    const result = await check(server.url, { ...credentials(), MEETING_CLIENT_SECRET: wrong });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/✗ token .*invalid_client[\s\S]*diagnosis: invalid_client: the client ID or client secret is wrong/);
    expect(result.stdout).not.toContain(wrong);
  });

  test('exit 1 with a wrong-address diagnosis for an HTML page', async () => {
    const result = await runConform(['check', 'meeting-platform', '--auth-url', `${server.url}/v2`, '--api-base-url', server.url], credentials());
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/HTML page instead of JSON: a wrong address or flow/);
  });

  test('exit 1 with an identifier diagnosis when a listed meeting answers 404', async () => {
    const lossy = await startMeetingPlatformServer({
      prepend: () => [http.get(({ request }) => new URL(request.url).pathname.startsWith('/v2/meetings/'), () => Response.json({ code: 3001, message: 'Meeting does not exist.' }, { status: 404 }))],
    });
    try {
      const result = await check(lossy.url, { MEETING_CLIENT_ID: lossy.accounts[0]!.clientId, MEETING_CLIENT_SECRET: lossy.accounts[0]!.clientSecret, MEETING_ACCOUNT_ID: lossy.accounts[0]!.accountId });
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toMatch(/✗ meeting by identifier[\s\S]*identifier type or encoding mismatch/);
    } finally {
      await lossy.close();
    }
  });

  test('exit 2 without credentials, naming the variables', async () => {
    const result = await check(server.url, { MEETING_CLIENT_ID: '', MEETING_CLIENT_SECRET: '', MEETING_ACCOUNT_ID: '' });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/needs \$MEETING_CLIENT_ID, \$MEETING_CLIENT_SECRET, \$MEETING_ACCOUNT_ID/);
  });

  test('exit 2 when the host does not answer', async () => {
    const closed = await startMeetingPlatformServer();
    await closed.close();
    const result = await check(closed.url, credentials());
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toMatch(/Could not reach/);
  });

  test('--help documents the real platform defaults', async () => {
    const result = await runConform(['check', 'meeting-platform', '--help']);
    expect(result.stdout).toContain('https://zoom.us');
    expect(result.stdout).toContain('https://api.zoom.us');
  });
});
