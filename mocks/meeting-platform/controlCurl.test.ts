// What a user of any language does: drive a running mock's control API with curl from a shell script,
// against the mock over real HTTP on loopback.
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer } from './startMeetingPlatformServer.ts';

/** The script's standard output; a failing script fails the test with its standard error. */
function sh(script: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('sh', ['-c', script], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } }, (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)));
  });
}

describe('the control API from curl in sh', () => {
  let server: MeetingPlatformServer;
  beforeAll(async () => {
    server = await startMeetingPlatformServer();
  });
  afterAll(() => server.close());

  test('a token, a fault that fails the next list call with 503, the clock moved past the token, a reset', async () => {
    const { clientId, clientSecret, accountId } = server.accounts[0]!;
    const script = String.raw`
set -eu
json='content-type: application/json'
token=$(curl -sS -u "$MEETING_CLIENT_ID:$MEETING_CLIENT_SECRET" -d grant_type=account_credentials -d account_id="$MEETING_ACCOUNT_ID" "$MOCK/oauth/token" | sed 's/.*"access_token":"\([^"]*\)".*/\1/')
list() { curl -sS -o /dev/null -w '%{http_code}\n' -H "authorization: Bearer $token" "$MOCK/v2/users/me/meetings"; }
curl -sS -X POST -H "$json" -d '{"operation":"listMeetings","then":{"status":503}}' -o /dev/null -w '%{http_code}\n' "$MOCK/__conform/faults"
list
list
curl -sS -X POST -H "$json" -d '{"advanceMs":3600000}' -o /dev/null -w '%{http_code}\n' "$MOCK/__conform/clock"
list
curl -sS -X POST -H "$json" -d '{"advanceMs":"an hour"}' "$MOCK/__conform/clock"
curl -sS -X POST -o /dev/null -w '%{http_code}\n' "$MOCK/__conform/reset"
list
`;
    const stdout = await sh(script, { MOCK: server.url, MEETING_CLIENT_ID: clientId, MEETING_CLIENT_SECRET: clientSecret, MEETING_ACCOUNT_ID: accountId });
    const lines = stdout.trim().split('\n');
    expect(lines.slice(0, 4)).toEqual(['201', '503', '200', '200']);
    expect(lines[4]).toBe('401');
    expect(JSON.parse(lines[5]!)).toMatchObject({ error: 'invalid_request', field: 'advanceMs' });
    expect(lines.slice(6)).toEqual(['200', '200']);
  });
});
