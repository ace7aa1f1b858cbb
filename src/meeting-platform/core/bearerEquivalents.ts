import type { NearMissRequest } from './nearMisses.ts';

/**
 * The bearer token in forms the standards make equal to the seed's `Authorization: Bearer <ACCESS_TOKEN>`,
 * which every API operation must serve as it serves that: the scheme word in another case (RFC 7235 §2.1;
 * RFC 6750's examples write "Bearer", and clients send "bearer" too). Whitespace around the value and the
 * header name's case are equal as well, but every parser between a loopback test and a platform folds
 * them, so no broken platform could prove a check of them: they are left out.
 */
export const bearerEquivalentNames = ['bearer-lower-case', 'bearer-upper-case'] as const;
export type BearerEquivalentName = (typeof bearerEquivalentNames)[number];

export const bearerEquivalentWords: Record<BearerEquivalentName, string> = {
  'bearer-lower-case': 'the access token under the scheme word "bearer", lower case',
  'bearer-upper-case': 'the access token under the scheme word "BEARER", capitals',
};

/** The equivalent form `name` of `token`, as sent and in shell words (for inside double quotes). */
export function bearerEquivalent(name: BearerEquivalentName, token: string): NearMissRequest {
  const scheme = name === 'bearer-lower-case' ? 'bearer' : 'BEARER';
  return { authorization: `${scheme} ${token}`, shownAuthorization: `${scheme} $ACCESS_TOKEN` };
}
