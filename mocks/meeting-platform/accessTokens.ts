import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.ts';
import type { AccessTokenRow, MeetingPlatformState } from './meetingPlatformState.ts';

/** The platform's access-token lifetime. */
export const accessTokenTtlSeconds = 3600;

export interface IssuedToken {
  token: string;
  expiresIn: number;
}

export interface TokenGrant {
  clientId: string;
  accountId: string;
  userId: string;
  scope: string;
  issuer: string;
}

const pruneEvery = 256;

/**
 * Issues and checks access tokens against the caller's clock; tokens live in the state's database.
 * Earlier tokens stay valid until they expire (several processes of one integration may each hold one).
 * The token looks like the platform's (three base64url parts), but clients must treat it as opaque.
 */
export function accessTokens(state: MeetingPlatformState, clock: Clock, ttlSeconds = accessTokenTtlSeconds) {
  let issued = 0;
  const prune = () => {
    const now = clock();
    state.db.accessToken.deleteMany({ where: { expiresAt: { lte: now } } });
  };
  return {
    issue(grant: TokenGrant): IssuedToken {
      if (++issued % pruneEvery === 0) prune();
      const now = clock();
      const header = { alg: 'HS512', v: '2.0', kid: randomBytes(8).toString('hex') };
      const claims = { aud: grant.issuer, uid: grant.userId, aid: grant.accountId, iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + ttlSeconds, jti: randomBytes(12).toString('base64url') };
      const token = [header, claims].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') + '.' + randomBytes(48).toString('base64url');
      state.db.accessToken.create({ token, clientId: grant.clientId, accountId: grant.accountId, userId: grant.userId, scope: grant.scope, issuedAt: now, expiresAt: now + ttlSeconds * 1000 });
      return { token, expiresIn: ttlSeconds };
    },
    /** The token's grant when the Authorization header carries a live one. */
    verify(authorization: string | null): AccessTokenRow | undefined {
      const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
      const row = match ? state.accessToken(match[1]!) : undefined;
      return row && row.expiresAt > clock() ? row : undefined;
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
