import { credentialEnv, credentialsFromEnv, type MeetingCredentials } from '../../src/meeting-platform/core/meetingCredentials.ts';
import { MockStartError } from '../MockStartError.ts';
import { demoAccount } from './demoAccount.ts';

/** The account a mock started from the command line serves, and whether it is the environment's. */
export interface MockAccount {
  account: MeetingCredentials;
  /** The environment's ($MEETING_CLIENT_ID, ...): its secret is never printed. Else the demo account, whose secret may be. */
  fromEnv: boolean;
}

/**
 * The account in $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET and $MEETING_ACCOUNT_ID when all are set,
 * the demo account when none is; a MockStartError naming what is missing when only some are.
 */
export function mockAccountFromEnv(env: Record<string, string | undefined>): MockAccount {
  const fromEnv = credentialsFromEnv(env);
  if (fromEnv.kind === 'partial') {
    throw new MockStartError(`set all of ${Object.values(credentialEnv).map((v) => `$${v}`).join(', ')} or none (missing ${fromEnv.missing.join(', ')})`);
  }
  return fromEnv.kind === 'complete' ? { account: fromEnv.credentials, fromEnv: true } : { account: { ...demoAccount }, fromEnv: false };
}
