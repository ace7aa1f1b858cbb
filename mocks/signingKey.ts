import { createHmac, randomBytes } from 'node:crypto';

/** What a mock signs its tokens with: text (from a flag or the environment) or bytes. */
export type MockSecret = string | Uint8Array;

/** A secret for one process: tokens it signs die with it. */
export function randomSecret(): Uint8Array {
  return randomBytes(32);
}

/**
 * A key for one use (access tokens, page tokens) derived from the mock's secret, so no two kinds of token
 * share a key: one kind can never be passed off as the other.
 */
export function signingKey(secret: MockSecret, use: string): Buffer {
  return createHmac('sha256', secret).update(`conform mock key: ${use}`).digest();
}

/** Where a mock started from the command line takes its secret when none is given: mocks given the same accept each other's tokens. */
export const mockSecretEnv = 'CONFORM_MOCK_SECRET';
