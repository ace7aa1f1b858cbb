import { expect, test } from 'vitest';
import { accessTokens, verifiedTokenCacheSize } from './accessTokens.ts';
import { manualClock } from './clock.ts';
import type { ResolvedAccount } from './ResolvedAccount.ts';

const account: ResolvedAccount = { clientId: 'cid', clientSecret: 'secret', accountId: 'acc', userId: 'user-1', scopes: ['user:read:user:admin'] };
const key = Buffer.alloc(32, 7);
const bearer = (token: string) => `Bearer ${token}`;

test('a token carries its grant and expiry: verified by signature, refused once expired', () => {
  const clock = manualClock();
  const tokens = accessTokens(key, [account], clock, 60);
  const { token, expiresIn } = tokens.issue(account, 'https://auth.test');
  expect(expiresIn).toBe(60);
  expect(tokens.verify(bearer(token))).toMatchObject({ accountId: 'acc', userId: 'user-1', account });
  clock.advance(60_000);
  expect(tokens.verify(bearer(token))).toBeUndefined();
});

test('every token is distinct, and any mock with the same key and accounts accepts it; no other key does', () => {
  const clock = manualClock();
  const issuer = accessTokens(key, [account], clock);
  const issued = new Set(Array.from({ length: 100 }, () => issuer.issue(account, 'https://auth.test').token));
  expect(issued.size).toBe(100);
  const [token] = issued;
  expect(accessTokens(key, [account], clock).verify(bearer(token!))).toBeDefined();
  expect(accessTokens(Buffer.alloc(32, 8), [account], clock).verify(bearer(token!))).toBeUndefined();
  // An app the mock no longer serves: its tokens die with it.
  expect(accessTokens(key, [{ ...account, clientId: 'other' }], clock).verify(bearer(token!))).toBeUndefined();
});

test('a changed claim, a cut signature or a stranger\'s shape is refused', () => {
  const tokens = accessTokens(key, [account], manualClock());
  const [head, payload, signature] = tokens.issue(account, 'https://auth.test').token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, uid: 'someone-else' })).toString('base64url');
  for (const bad of [`${head}.${forged}.${signature}`, `${head}.${payload}.${signature.slice(0, -4)}`, `${head}.${payload}`, `${head}.${payload}.${signature}.x`, 'not-a-token', '']) {
    expect(tokens.verify(bearer(bad)), bad).toBeUndefined();
  }
  expect(tokens.verify(undefined)).toBeUndefined();
  expect(tokens.verify(`Basic ${head}.${payload}.${signature}`)).toBeUndefined();
});

test('verified tokens are remembered up to a cap; one pushed out is verified again, still valid', () => {
  const clock = manualClock();
  const tokens = accessTokens(key, [account], clock);
  const issued = Array.from({ length: verifiedTokenCacheSize + 10 }, () => tokens.issue(account, 'https://auth.test').token);
  for (const token of issued) {
    expect(tokens.verify(bearer(token))).toBeDefined();
    expect(tokens.cached).toBeLessThanOrEqual(verifiedTokenCacheSize);
  }
  expect(tokens.cached).toBeGreaterThan(0);
  expect(tokens.verify(bearer(issued[0]!))).toBeDefined();
  expect(tokens.cached).toBeLessThanOrEqual(verifiedTokenCacheSize);
});

test('a credential almost the token is refused; the scheme word in any case, and more than one space, are not near misses', async () => {
  const { bearerNearMiss, bearerNearMissNames } = await import('../../src/meeting-platform/core/nearMisses.ts');
  const tokens = accessTokens(key, [account], manualClock());
  const { token } = tokens.issue(account, 'https://auth.test');
  for (const name of bearerNearMissNames) {
    const r = bearerNearMiss(name, token, { clientId: account.clientId, clientSecret: account.clientSecret, accountId: account.accountId });
    if (r) expect(tokens.verify(r.authorization), name).toBeUndefined();
  }
  // The last character of the signature holds bits no byte uses: another spelling of it is another token.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(token.at(-1)!);
  const respelled = `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
  expect(Buffer.from(respelled.split('.')[2]!, 'base64url')).toEqual(Buffer.from(token.split('.')[2]!, 'base64url'));
  expect(tokens.verify(bearer(respelled))).toBeUndefined();
  for (const header of [`bearer ${token}`, `BEARER ${token}`, `Bearer   ${token}`]) expect(tokens.verify(header), header).toBeDefined();
});

test('name: a token this key signed is named as issue named it, before and after it is verified, expired, or its app gone; a near miss or another key\'s token is not named', () => {
  const clock = manualClock();
  const tokens = accessTokens(key, [account], clock, 60);
  const issued = tokens.issue(account, 'https://auth.test');
  const nameOf = (named: { name(value: string, out: Uint32Array): boolean }, value: string) => {
    const out = new Uint32Array(2);
    return named.name(value, out) ? [out[0], out[1]] : undefined;
  };
  const expected = [issued.a >>> 0, issued.b >>> 0];
  expect(nameOf(tokens, issued.token)).toEqual(expected);
  expect(tokens.verify(bearer(issued.token))).toBeDefined(); // now from the verified tokens kept
  expect(nameOf(tokens, issued.token)).toEqual(expected);
  clock.advance(60_000);
  expect(tokens.verify(bearer(issued.token))).toBeUndefined();
  expect(nameOf(tokens, issued.token)).toEqual(expected);
  // Another mock with the same key, that no longer serves the token's app, names it the same.
  expect(nameOf(accessTokens(key, [{ ...account, clientId: 'other' }], clock), issued.token)).toEqual(expected);
  const other = tokens.issue(account, 'https://auth.test');
  expect(nameOf(tokens, other.token)).not.toEqual(expected);
  const [head, payload, signature] = issued.token.split('.') as [string, string, string];
  const changed = `${payload.slice(0, 10)}${payload[10] === 'A' ? 'B' : 'A'}${payload.slice(11)}`;
  for (const near of [`${issued.token}x`, issued.token.slice(0, -1), ` ${issued.token}`, `${head}.${changed}.${signature}`, `${issued.token}.`, issued.token.toLowerCase(), '']) {
    expect(nameOf(tokens, near), near).toBeUndefined();
  }
  expect(nameOf(accessTokens(Buffer.alloc(32, 8), [account], clock), issued.token)).toBeUndefined();
});

test('a token\'s claims are the JSON of its claims, field for field in order, whichever app and issuer the token before had, names JSON escapes included', () => {
  const odd: ResolvedAccount = { clientId: 'c"id\\', clientSecret: 's', accountId: 'acc\u2028é', userId: 'user "2"', scopes: [] };
  const clock = manualClock();
  const tokens = accessTokens(key, [account, odd], clock);
  const order: Array<[ResolvedAccount, string]> = [[account, 'https://auth.test'], [account, 'https://auth.test'], [odd, 'https://auth.test'], [odd, 'https://other.test'], [account, 'https://other.test'], [account, 'https://auth.test']];
  for (const [who, issuer] of order) {
    clock.advance(1_500);
    const payload = Buffer.from(tokens.issue(who, issuer).token.split('.')[1]!, 'base64url').toString('utf8');
    const claims = JSON.parse(payload) as { jti: string };
    const iat = Math.floor(clock() / 1000);
    expect(payload).toBe(JSON.stringify({ aud: issuer, uid: who.userId, aid: who.accountId, cid: who.clientId, iat, exp: iat + 3600, jti: claims.jti }));
  }
});
