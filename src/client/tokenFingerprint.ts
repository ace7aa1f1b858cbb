import { hash } from 'node:crypto';

/** Tokens fingerprinted lately: a client sends the same one with call after call, and a hash per call shows in a profile. */
const recent = new Map<string, string>();
const recentCap = 256;
// The token asked for last: comparing it with the next is cheaper than hashing a long string for the map.
let lastToken: string | undefined;
let lastFingerprint = '';

/** What the judge keeps of an access token or key: enough to know it again, nothing to use it with. */
export function tokenFingerprint(token: string): string {
  if (token === lastToken) return lastFingerprint;
  let fingerprint = recent.get(token);
  if (fingerprint === undefined) {
    if (recent.size >= recentCap) recent.clear();
    // The one-shot hash: a Hash object per token (a client that takes a new token per call) cost twice as much.
    recent.set(token, (fingerprint = hash('sha256', token, 'base64url').slice(0, 22)));
  }
  lastToken = token;
  lastFingerprint = fingerprint;
  return fingerprint;
}
