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
  /** The token's name, as `name` gives it: 64 bits of its signature, in two halves. */
  a: number;
  b: number;
}

/** What a live access token grants: the account's app, acting for one user. */
export interface Grant {
  account: ResolvedAccount;
  accountId: string;
  userId: string;
  /** Milliseconds since the epoch, on the mock's clock. */
  expiresAt: number;
}

/** A grant as the mock keeps it once verified, with its token's name (`name`): 64 bits of its signature. */
interface VerifiedGrant extends Grant {
  nameA: number;
  nameB: number;
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
  let young = new Map<string, VerifiedGrant>();
  let old = new Map<string, VerifiedGrant>();
  const remember = (token: string, grant: VerifiedGrant) => {
    young.set(token, grant);
    if (young.size >= verifiedTokenCacheSize / 2) {
      old = young;
      young = new Map();
    }
  };
  // Token ids unique across processes without drawing randomness per token: a random prefix per mock, then a count.
  const jtiPrefix = randomBytes(9).toString('base64url');
  let issued = 0;
  // The claims' JSON up to "iat", for the app and issuer of the token before: a client asking again gets
  // the same text, and only the times and the id are written per token (the text JSON.stringify gives the
  // Claims, which a test holds it to; issuing went from 3,090 to 2,800 ns in a microbenchmark).
  let opening: { account: ResolvedAccount; issuer: string; text: string } | undefined;
  const claimsJson = (account: ResolvedAccount, issuer: string, iat: number, jti: string): string => {
    if (opening?.account !== account || opening.issuer !== issuer) {
      const fixed: Omit<Claims, 'iat' | 'exp' | 'jti'> = { aud: issuer, uid: account.userId, aid: account.accountId, cid: account.clientId };
      opening = { account, issuer, text: `${JSON.stringify(fixed).slice(0, -1)},"iat":` };
    }
    // The id is base64url and base-36 digits, nothing JSON escapes.
    return `${opening.text}${iat},"exp":${iat + ttlSeconds},"jti":"${jti}"}`;
  };
  // The Authorization header verified last and its grant (a token this mock signed: its grant never changes).
  let lastHeader: string | undefined;
  let lastGrant: Grant | undefined;

  /** The payload and signature of a token this mock's key signed (any age, any account), else undefined. */
  const signed = (token: string): { payload: string; signature: Buffer } | undefined => {
    const [head, payload, signature, extra] = token.split('.');
    if (head !== header || !payload || !signature || extra !== undefined) return undefined;
    // Compared as text: decoding would take another spelling of the same bytes (a last character whose
    // unused bits differ) for the signature.
    const presented = Buffer.from(signature);
    const digest = sign(`${head}.${payload}`);
    const expected = Buffer.from(digest.toString('base64url'));
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
    return { payload, signature: digest };
  };
  const check = (token: string): VerifiedGrant | undefined => {
    const found = signed(token);
    if (found === undefined) return undefined;
    const claims = JSON.parse(Buffer.from(found.payload, 'base64url').toString('utf8')) as Claims;
    const account = byClientId.get(claims.cid);
    if (!account || account.accountId !== claims.aid) return undefined;
    return { account, accountId: claims.aid, userId: claims.uid, expiresAt: claims.exp * 1000, nameA: found.signature.readUInt32BE(0), nameB: found.signature.readUInt32BE(4) };
  };

  return {
    issue(account: ResolvedAccount, issuer: string): IssuedToken {
      const iat = Math.floor(clock() / 1000);
      const input = `${header}.${Buffer.from(claimsJson(account, issuer, iat, `${jtiPrefix}${(issued++).toString(36)}`)).toString('base64url')}`;
      const signature = sign(input);
      return { token: `${input}.${signature.toString('base64url')}`, expiresIn: ttlSeconds, a: signature.readUInt32BE(0), b: signature.readUInt32BE(4) };
    },
    /**
     * A TokenNamer (src/client/ClientExchange.ts) for the judge of this mock's client: a token this
     * mock's key signed, expired or not, its account served or not, is named by the first 64 bits of its
     * signature (an HMAC: no two tokens share them but by chance), as `issue` names it; no other value is
     * this mock's to name.
     */
    name(value: string, out: Uint32Array): boolean {
      const grant = young.get(value) ?? old.get(value);
      if (grant !== undefined) {
        out[0] = grant.nameA;
        out[1] = grant.nameB;
        return true;
      }
      const found = signed(value);
      if (found === undefined) return false;
      out[0] = found.signature.readUInt32BE(0);
      out[1] = found.signature.readUInt32BE(4);
      return true;
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
      // The header verified last, sent again (a client calls with the same token call after call): its
      // grant without matching the header and hashing the token anew, 2.7 % of the list page's server CPU in a profile (0.1 % so).
      if (authorization !== undefined && authorization === lastHeader) return lastGrant!.expiresAt > clock() ? lastGrant : undefined;
      const match = authorization ? /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization) : null;
      if (!match) return undefined;
      const token = match[1]!;
      let grant = young.get(token);
      if (grant === undefined) {
        grant = old.get(token) ?? check(token);
        if (grant === undefined) return undefined;
        remember(token, grant);
      }
      lastHeader = authorization;
      lastGrant = grant;
      return grant.expiresAt > clock() ? grant : undefined;
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
