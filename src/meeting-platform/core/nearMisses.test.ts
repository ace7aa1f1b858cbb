import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { accountNearMiss, accountNearMissNames, bearerNearMiss, bearerNearMissNames, clientNearMiss, clientNearMissNames, grantTypeNearMiss, grantTypeNearMissNames, nearMissCause, ownClientBasic, swapCase } from './nearMisses.ts';

const credentials = { clientId: 'AbcClient01', clientSecret: 's3cr3t-Of-The-App', accountId: 'Acct-42xY' };
const token = 'eyJhbGciOiJIUzUxMiJ9.eyJ1aWQiOiJVMSJ9.Zm9vYmFy_-Q';
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ACCESS_TOKEN: token, MEETING_CLIENT_ID: credentials.clientId, MEETING_CLIENT_SECRET: credentials.clientSecret, MEETING_ACCOUNT_ID: credentials.accountId };

/** What POSIX sh makes of shell words inside double quotes, as bytes: what a reproduction sends. */
const expand = (words: string): Buffer => execFileSync('sh', ['-c', `printf %s "${words}"`], { env });

describe('near misses of a credential', () => {
  test('swapCase swaps every letter, nothing else', () => {
    expect(swapCase('aB-9_cD')).toBe('Ab-9_Cd');
    expect(swapCase('0123-_.')).toBe('0123-_.');
  });

  test.for(bearerNearMissNames)('%s: almost the token, never it, and its shell words expand to the very bytes sent', (name) => {
    const r = bearerNearMiss(name, token, credentials)!;
    if (r.query) {
      expect(r.query).toEqual(['access_token', token]);
      expect(r.authorization).toBeUndefined();
      expect(expand(r.shownQuery!).toString()).toBe(`access_token=${token}`);
      return;
    }
    expect(r.authorization).not.toBe(`Bearer ${token}`);
    // Headers go out as bytes of their characters (latin1): the no-break space is the one byte 0xA0.
    expect(expand(r.shownAuthorization!)).toEqual(Buffer.from(r.authorization!, 'latin1'));
    // No shown form holds the token, or any half of it, as text.
    expect(r.shownAuthorization).not.toContain(token.slice(0, 8));
    expect(r.shownAuthorization).not.toContain(token.slice(-8));
  });

  test('each near miss differs from the token as its name says', () => {
    const value = (name: (typeof bearerNearMissNames)[number]) => bearerNearMiss(name, token, credentials)!.authorization!.replace(/^Bearer /, '');
    expect(value('token-longer')).toBe(`${token}.`);
    expect(value('token-shorter')).toBe(token.slice(0, -1));
    expect(token.startsWith(value('token-first-half')) && token.endsWith(value('token-last-half'))).toBe(true);
    expect(value('token-first-half').length).toBe(Math.ceil(token.length / 2));
    expect(value('swapped-case').toLowerCase()).toBe(token.toLowerCase());
    expect(value('no-break-spaces')).toBe(`\u00a0${token}\u00a0`);
    expect(bearerNearMiss('client-basic', token, credentials)).toEqual(ownClientBasic(credentials));
    expect(Buffer.from(ownClientBasic(credentials).authorization.slice(6), 'base64').toString()).toBe(`${credentials.clientId}:${credentials.clientSecret}`);
    // A token without letters has no other case.
    expect(bearerNearMiss('swapped-case', '0123-456', credentials)).toBeUndefined();
  });

  test.for(clientNearMissNames)('%s: HTTP Basic that is almost the client\'s own, its shell words printing the very header', (name) => {
    const r = clientNearMiss(name, credentials)!;
    const decoded = Buffer.from(r.authorization.slice('Basic '.length), 'base64').toString();
    expect(decoded).not.toBe(`${credentials.clientId}:${credentials.clientSecret}`);
    expect(expand(r.shownAuthorization).toString()).toBe(r.authorization);
    expect(r.shownAuthorization).not.toContain(credentials.clientSecret.slice(0, 6));
    expect({ 'secret-longer': `${credentials.clientId}:${credentials.clientSecret}.`, 'secret-shorter': `${credentials.clientId}:${credentials.clientSecret.slice(0, -1)}`, 'secret-line-break': `${credentials.clientId}:${credentials.clientSecret}\n`, 'id-secret-swapped': `${credentials.clientSecret}:${credentials.clientId}`, 'id-longer': `${credentials.clientId}.:${credentials.clientSecret}`, 'id-shorter': `${credentials.clientId.slice(0, -1)}:${credentials.clientSecret}`, 'id-case': `${swapCase(credentials.clientId)}:${credentials.clientSecret}` }[name]).toBe(decoded);
  });

  test('a client id without letters has no other case: no near miss to send', () => {
    expect(clientNearMiss('id-case', { ...credentials, clientId: '0123-456' })).toBeUndefined();
  });

  test.for(grantTypeNearMissNames)('%s: grant_type almost account_credentials', (name) => {
    const value = grantTypeNearMiss(name);
    expect(value).not.toBe('account_credentials');
    const near = [value.trim().toLowerCase(), `${value}s`, value.slice(0, -1)];
    expect(near).toContain('account_credentials');
  });

  test.for(accountNearMissNames)('%s: account_id almost the account\'s, its shell words giving the form-encoded value', (name) => {
    const r = accountNearMiss(name, credentials.accountId)!;
    expect(r.value).not.toBe(credentials.accountId);
    expect(r.value.trim().toLowerCase()).toBe(credentials.accountId.toLowerCase());
    expect(new URLSearchParams(`account_id=${expand(r.shownValue).toString()}`).get('account_id')).toBe(r.value);
    expect(accountNearMiss('account-case', '0042-17')).toBeUndefined();
  });

  test('the cause of an answer to a near miss is chosen from its status: taken for the token names the near miss, a 503 says 503, a refusal is none', () => {
    expect(nearMissCause('client-basic', 200)).toBe("answered as if the app's own client credentials as HTTP Basic in place of the bearer token were the token");
    expect(nearMissCause('token-shorter', 503)).toBe('HTTP 503 instead of 401');
    expect(nearMissCause('token-shorter', 403)).toBe('HTTP 403 instead of 401');
    expect(nearMissCause('token-shorter', 401)).toBeUndefined();
    // 400 is a refusal of a malformed header only: the no-break spaces, not a well-formed token that is wrong.
    expect(nearMissCause('no-break-spaces', 400)).toBeUndefined();
    expect(nearMissCause('token-longer', 400)).toBe('HTTP 400 instead of 401');
  });
});
