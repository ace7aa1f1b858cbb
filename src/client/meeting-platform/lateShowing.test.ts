// The judge shows an answer when its entry is first read, which may be long after: by then the judge may
// have forgotten the token the answer handed out and the tokens the request carried (it keeps 4096), and
// they must still be named, never shown.
import { expect, test } from 'vitest';
import { exchangeOf } from '../fixtures/exchangeOf.ts';
import { meetingStateBounds } from './MeetingClientState.ts';
import { meetingPlatformClientJudge } from './meetingPlatformClientJudge.ts';

const auth = 'https://auth.example';
const api = 'https://api.example';
const basic = `Basic ${Buffer.from('client-id:client-secret-value').toString('base64')}`;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const tokenOf = (n: number) => `issued-token-${String(n).padStart(8, '0')}-of-the-platform`;
const tokenRequest = (n: number, body = 'grant_type=account_credentials&account_id=a') =>
  exchangeOf('POST', `${auth}/oauth/token`, { headers: { authorization: basic, ...form }, body }, { json: { access_token: tokenOf(n), token_type: 'bearer', expires_in: 3600 } }, n);

test('an entry first shown after 10,000 later tokens still names the token its answer handed out and the one its request carried', () => {
  const later = 10_000;
  expect(later).toBeGreaterThan(meetingStateBounds.tokens);
  const j = meetingPlatformClientJudge({ authUrl: auth, apiBaseUrl: api });
  // No account_id (a finding of MP-CLIENT-TOKEN-FORM, kept with its entry), answered with a token all the same.
  j.record(tokenRequest(0, 'grant_type=account_credentials'));
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
  const form = report.checks.find((c) => c.clause === 'MP-CLIENT-TOKEN-FORM')!;
  expect(form.evidence!.map((e) => e.text).join('\n')).toContain('"access_token":"$ACCESS_TOKEN"');
  expect(JSON.stringify(report)).not.toContain(token);
  // The journal keeps the newest 500, oldest first.
  expect(j.journal().map((e) => e.id)).toEqual(Array.from({ length: 500 }, (_, i) => later + 2 - 499 + i));
  expect(JSON.stringify(j.journal())).not.toContain('issued-token-');
  expect(j.journal().at(-1)!.answer.excerpt).toContain('"access_token":"$ACCESS_TOKEN"');
});
