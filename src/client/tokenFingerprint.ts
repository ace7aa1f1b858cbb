import { createHash } from 'node:crypto';

/** Tokens fingerprinted lately: a client sends the same one with call after call, and a hash per call shows in a profile. */
const recent = new Map<string, string>();
const recentCap = 256;

/** What the judge keeps of an access token or key: enough to know it again, nothing to use it with. */
export function tokenFingerprint(token: string): string {
  let fingerprint = recent.get(token);
  if (fingerprint === undefined) {
    if (recent.size >= recentCap) recent.clear();
    recent.set(token, (fingerprint = createHash('sha256').update(token).digest('base64url').slice(0, 22)));
  }
  return fingerprint;
}
