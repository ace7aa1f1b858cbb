import { describe, expect, test } from 'vitest';
import { curlCommand } from '../exchange/curlCommand.ts';
import { Redactor } from '../exchange/Redactor.ts';
import { findSecret, secretForms } from '../exchange/secretForms.ts';
import { shownRequest } from './shownRequest.ts';

const credentials = { clientId: 'client-id-0123', clientSecret: 'client-secret-0123456789', accountId: 'account-id-0123' };
const token = 'access-token-abcdef0123456789';

describe('shownRequest', () => {
  test("a bearer token the run's Redactor knows is shown as $ACCESS_TOKEN, and its curl expands it", () => {
    const redactor = new Redactor();
    redactor.add(token, 'ACCESS_TOKEN');
    const shown = shownRequest({ method: 'GET', url: 'http://a.invalid/v2/users/me', requestHeaders: { authorization: `Bearer ${token}` } }, redactor, credentials);
    expect(shown.headers).toEqual([['authorization', 'Bearer $ACCESS_TOKEN']]);
    expect(curlCommand(shown)).toBe(`curl -sS -i -X GET 'http://a.invalid/v2/users/me' -H "authorization: Bearer $ACCESS_TOKEN"`);
  });

  test('Basic client credentials and the account id are shown as their variables; no form of the secret is left', () => {
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const x = { method: 'POST', url: 'http://a.invalid/oauth/token', requestHeaders: { authorization: `Basic ${basic}` }, requestBody: `grant_type=account_credentials&account_id=${credentials.accountId}` };
    const command = curlCommand(shownRequest(x, new Redactor(), credentials));
    expect(command).toContain('-u "$MEETING_CLIENT_ID:$MEETING_CLIENT_SECRET"');
    expect(command).toContain('account_id=$MEETING_ACCOUNT_ID');
    expect(findSecret(command, secretForms(credentials.clientSecret))).toBeUndefined();
  });

  test("a token the Redactor does not know is shown as sent: the run's Redactor is what hides it", () => {
    const shown = shownRequest({ method: 'GET', url: 'http://a.invalid/v2/users/me', requestHeaders: { authorization: `Bearer ${token}` } }, new Redactor(), credentials);
    expect(shown.headers).toEqual([['authorization', `Bearer ${token}`]]);
  });
});
