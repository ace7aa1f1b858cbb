// The client secrets the judge learns from token requests: it answers a request the same as the last one
// from what it learned then, so a near miss (one byte apart) must be learned afresh.
import { expect, test } from 'vitest';
import { exchangeOf } from '../fixtures/exchangeOf.ts';
import { meetingPlatformClientJudge } from './meetingPlatformClientJudge.ts';

const auth = 'https://auth.example';
const api = 'https://api.example';
const json = { 'content-type': 'application/json' };
const basicOf = (secret: string) => `Basic ${Buffer.from(`client-id:${secret}`).toString('base64')}`;

test('a secret in a JSON body one byte apart from the last request is learned and hidden', () => {
  const j = meetingPlatformClientJudge({ authUrl: auth, apiBaseUrl: api });
  const bodyOf = (secret: string) => JSON.stringify({ grant_type: 'account_credentials', account_id: 'a', client_secret: secret });
  for (const secret of ['first-body-secret-1', 'first-body-secret-1', 'first-body-secret-2']) {
    j.observe(exchangeOf('POST', `${auth}/oauth/token`, { headers: json, body: bodyOf(secret) }, { status: 400 }));
  }
  const text = JSON.stringify(j.journal());
  expect(j.journal()).toHaveLength(3);
  expect(text).not.toContain('first-body-secret-1');
  expect(text).not.toContain('first-body-secret-2');
  expect(text).toContain('$MEETING_CLIENT_SECRET');
});

test('Basic credentials one byte apart in the Authorization header are each learned', () => {
  const j = meetingPlatformClientJudge({ authUrl: auth, apiBaseUrl: api });
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  for (const secret of ['basic-secret-value-a', 'basic-secret-value-a', 'basic-secret-value-b']) {
    j.observe(exchangeOf('POST', `${auth}/oauth/token`, { headers: { ...form, authorization: basicOf(secret) }, body: 'grant_type=account_credentials&account_id=a' }, { status: 200 }));
  }
  const shown = j.redact('x basic-secret-value-a y basic-secret-value-b z');
  expect(shown).not.toContain('basic-secret-value-a');
  expect(shown).not.toContain('basic-secret-value-b');
  expect(shown).toContain('MEETING_CLIENT_SECRET');
});
