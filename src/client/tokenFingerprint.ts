import { hash } from 'node:crypto';

/**
 * Tokens fingerprinted last, newest first: a client sends the same one or few with call after call. A
 * handful compared directly, not a map: a map of recent tokens cost more than the hash it saved where
 * each call brings a new token (hashing a long string to look it up, then keeping it).
 */
const recentCap = 4;
const recentTokens: string[] = [];
const recentFingerprints: string[] = [];

/** What the judge keeps of an access token or key: enough to know it again, nothing to use it with. */
export function tokenFingerprint(token: string): string {
  const last = token.length - 1;
  for (let i = 0; i < recentTokens.length; i++) {
    const known = recentTokens[i]!;
    // Tokens of one issuer share a long prefix: their last characters tell most apart at once.
    if (known.length === token.length && (last < 0 || known.charCodeAt(last) === token.charCodeAt(last)) && known === token) return recentFingerprints[i]!;
  }
  // The one-shot hash: a Hash object per token (a client that takes a new token per call) cost twice as much.
  const fingerprint = hash('sha256', token, 'base64url').slice(0, 22);
  if (recentTokens.length >= recentCap) {
    recentTokens.pop();
    recentFingerprints.pop();
  }
  recentTokens.unshift(token);
  recentFingerprints.unshift(fingerprint);
  return fingerprint;
}
