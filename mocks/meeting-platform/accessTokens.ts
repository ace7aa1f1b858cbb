import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.ts';
import type { ResolvedAccount } from './ResolvedAccount.ts';

/** The platform's access-token lifetime. */
export const accessTokenTtlSeconds = 3600;

/** Verified tokens kept so a client calling again is not verified again; the least recently used go first. */
export const verifiedTokenCacheSize = 1024;

export interface IssuedToken {
  token: string;
  expiresIn: number;
}

/** What a live access token grants: the account's app, acting for one user. */
export interface Grant {
  account: ResolvedAccount;
  accountId: string;
  userId: string;
  /** Milliseconds since the epoch, on the mock's clock. */
  expiresAt: number;
}

interface Claims {
  aud: string;
  uid: string;
  aid: string;
  cid: string;
  iat: number;
  exp: number;
  jti: string;
}

/**
 * Access tokens that carry their grant and expiry, signed (HMAC-SHA512) with `key`: verifying one needs
 * the key and the accounts, nothing else, so nothing is stored per token and any mock process that shares
 * the key accepts it (one restarted, or a second one behind the same load balancer). Earlier tokens stay
 * valid until they expire, as on the real platform (several processes of one integration may each hold
 * one). A token names its app by client id: one whose app the mock no longer serves is invalid. The token
 * has the platform's shape (three base64url parts); clients must treat it as opaque.
 */
export function accessTokens(key: Uint8Array, accounts: readonly ResolvedAccount[], clock: Clock, ttlSeconds = accessTokenTtlSeconds) {
  const byClientId = new Map(accounts.map((a) => [a.clientId, a]));
  // A KeyObject made once: HMAC with raw key bytes imports the key on every call, five times the cost.
  const secretKey = createSecretKey(key);
  const sign = (input: string) => createHmac('sha512', secretKey).update(input).digest();
  const kid = createHmac('sha256', key).update('kid').digest('hex').slice(0, 32);
  const header = Buffer.from(JSON.stringify({ alg: 'HS512', v: '2.0', kid })).toString('base64url');
  // Two generations of verified tokens, each up to half the cap: when the young one fills, it becomes the
  // old one and the old one is dropped whole. Every step is O(1) (evicting one by one from a Map's front
  // walks past the holes earlier deletes left); a token still in use is moved back to the young one.
  let young = new Map<string, Grant>();
  let old = new Map<string, Grant>();
  const remember = (token: string, grant: Grant) => {
    young.set(token, grant);
    if (young.size >= verifiedTokenCacheSize / 2) {
      old = young;
      young = new Map();
    }
  };
  // Token ids unique across processes without drawing randomness per token: a random prefix per mock, then a count.
  const jtiPrefix = randomBytes(9).toString('base64url');
  let issued = 0;

  const check = (token: string): Grant | undefined => {
    const [head, payload, signature, extra] = token.split('.');
    if (head !== header || !payload || !signature || extra !== undefined) return undefined;
    // Compared as text: decoding would take another spelling of the same bytes (a last character whose
    // unused bits differ) for the signature.
    const presented = Buffer.from(signature);
    const expected = Buffer.from(sign(`${head}.${payload}`).toString('base64url'));
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
    const account = byClientId.get(claims.cid);
    if (!account || account.accountId !== claims.aid) return undefined;
    return { account, accountId: claims.aid, userId: claims.uid, expiresAt: claims.exp * 1000 };
  };

  return {
    issue(account: ResolvedAccount, issuer: string): IssuedToken {
      const iat = Math.floor(clock() / 1000);
      const claims: Claims = { aud: issuer, uid: account.userId, aid: account.accountId, cid: account.clientId, iat, exp: iat + ttlSeconds, jti: `${jtiPrefix}${(issued++).toString(36)}` };
      const input = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return { token: `${input}.${sign(input).toString('base64url')}`, expiresIn: ttlSeconds };
    },
    /** How many verified tokens are remembered now (at most verifiedTokenCacheSize). */
    get cached(): number {
      return young.size + old.size;
    },
    /**
     * The grant when the Authorization header carries a live token this mock's key signed, as RFC 6750
     * writes it: the scheme in any case, one or more spaces, the token's characters and nothing else (a
     * no-break space, which HTTP does not strip, is no part of it).
     */
    verify(authorization: string | undefined): Grant | undefined {
      const match = authorization ? /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization) : null;
      if (!match) return undefined;
      const token = match[1]!;
      let grant = young.get(token);
      if (grant === undefined) {
        grant = old.get(token) ?? check(token);
        if (grant === undefined) return undefined;
        remember(token, grant);
      }
      return grant.expiresAt > clock() ? grant : undefined;
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
