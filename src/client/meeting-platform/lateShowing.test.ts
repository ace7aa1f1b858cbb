// The judge shows an entry when it is first read, which may be long after: by then the tokens the request
// carried may be forgotten (the judge keeps 4096), and must still be named, never shown.
import { expect, test } from 'vitest';
import { exchangeOf } from '../fixtures/exchangeOf.ts';
import { meetingStateBounds } from './MeetingClientState.ts';
import { meetingPlatformClientJudge } from './meetingPlatformClientJudge.ts';

const auth = 'https://auth.example';
const api = 'https://api.example';
const basic = `Basic ${Buffer.from('client-id:client-secret-value').toString('base64')}`;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const tokenOf = (n: number) => `issued-token-${String(n).padStart(8, '0')}-of-the-platform`;
const tokenRequest = (n: number) =>
  exchangeOf('POST', `${auth}/oauth/token`, { headers: { authorization: basic, ...form }, body: 'grant_type=account_credentials&account_id=a' }, { json: { access_token: tokenOf(n), token_type: 'bearer', expires_in: 3600 } }, n);

test('an entry first shown after 10,000 later tokens still names the token it carried, wherever it was', () => {
  const later = 10_000;
  expect(later).toBeGreaterThan(meetingStateBounds.tokens);
  const j = meetingPlatformClientJudge({ authUrl: auth, apiBaseUrl: api });
  j.record(tokenRequest(0));
  const token = tokenOf(0);
  // A route the platform does not have (a finding of MP-CLIENT-ROUTE, kept with its entry), the token in a
  // header, the query and under a scheme of its own: only the judge's memory of it names it there.
  j.record(exchangeOf('GET', `${api}/v2/nowhere?token=${token}`, { headers: { authorization: `Token ${token}`, 'x-token': token } }, { status: 404 }, 1));
  for (let n = 1; n <= later; n++) j.record(tokenRequest(n + 1));
  const report = j.report();
  const route = report.checks.find((c) => c.clause === 'MP-CLIENT-ROUTE')!;
  const evidence = route.evidence!.map((e) => e.text).join('\n');
  expect(evidence).toContain('GET /v2/nowhere?token=$ACCESS_TOKEN HTTP/1.1');
  expect(evidence).toContain('authorization: Token $ACCESS_TOKEN');
  expect(evidence).toContain('x-token: $ACCESS_TOKEN');
  expect(JSON.stringify(report)).not.toContain(token);
});
