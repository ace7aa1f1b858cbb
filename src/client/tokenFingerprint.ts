import { createHash } from 'node:crypto';

/** What the judge keeps of an access token or key: enough to know it again, nothing to use it with. */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 22);
}
