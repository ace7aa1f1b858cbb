// A request made again is shown from its last showing, while nothing in it could be a token the platform
// issued: the same again shows the same, and once the token it carries is issued, the token is named.
import { expect, test } from 'vitest';
import { exchangeOf } from '../fixtures/exchangeOf.ts';
import { meetingPlatformClientJudge } from './meetingPlatformClientJudge.ts';

const auth = 'https://auth.example';
const api = 'https://api.example';
const basic = `Basic ${Buffer.from('client-id:client-secret-value').toString('base64')}`;
const token = 'a-token-the-platform-will-issue-later';
const call = (at: number) => exchangeOf('GET', `${api}/v2/users/me?t=${token}`, { headers: { authorization: `Bearer ${token}`, 'x-token': token } }, { status: 401 }, at);

test('the same request before and after its token is issued: shown as sent, then with the token named', () => {
  const j = meetingPlatformClientJudge({ authUrl: auth, apiBaseUrl: api });
  j.record(call(0));
  j.record(call(1));
  j.record(exchangeOf('POST', `${auth}/oauth/token`, { headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=account_credentials&account_id=a' }, { json: { access_token: token, token_type: 'bearer', expires_in: 3600 } }, 2));
  j.record(call(3));
  const [before, again, , after] = j.journal();
  expect(again!.request).toEqual(before!.request);
  expect(before!.request.headers).toContainEqual(['x-token', token]);
  expect(before!.request.url).toBe(`${api}/v2/users/me?t=${token}`);
  expect(after!.request.headers).toContainEqual(['x-token', '$ACCESS_TOKEN']);
  expect(after!.request.url).toBe(`${api}/v2/users/me?t=$ACCESS_TOKEN`);
  expect(after!.request.headers).toContainEqual(['authorization', 'Bearer $ACCESS_TOKEN']);
});
