// `--api-base-url` as the platform documents it (https://api.zoom.us/v2) and as the seed writes it (the
// URL the /v2/... paths hang from): the same run. Copied with its /v2, it used to give 10 failures and 9
// blocked checks against a correct platform.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { runConform } from '../../testing/runConform.ts';

let server: MeetingPlatformServer;
beforeAll(async () => {
  // The API under a path of its own, as a gateway would put it: http://127.0.0.1:PORT/api/v2/...
  server = await startMeetingPlatformServer({ host: '127.0.0.1', port: 0, apiPath: '/api' });
});
afterAll(() => server.close());

describe('conform run meeting-platform --api-base-url …/v2', () => {
  test('passes the correct mock as it does without /v2: exit 0, nothing failed or blocked', { timeout: 180_000 }, async ({ signal }) => {
    const [account] = server.accounts;
    const r = await runConform(
      ['run', 'meeting-platform', '--auth-url', server.url, '--api-base-url', `${server.apiBaseUrl}/v2`, '--fuzz-runs', '0'],
      { MEETING_CLIENT_ID: account!.clientId, MEETING_CLIENT_SECRET: account!.clientSecret, MEETING_ACCOUNT_ID: account!.accountId },
      { signal },
    );
    expect(r.report, r.stderr).toBeDefined();
    expect(r.report!.checks.filter((c) => c.status === 'failed' || c.status === 'blocked').map((c) => `${c.clause}: ${c.message}`)).toEqual([]);
    expect(r.exitCode, r.stdout).toBe(0);
  });
});
