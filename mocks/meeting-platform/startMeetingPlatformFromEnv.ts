import type { MeetingCredentials } from '../../src/meeting-platform/core/meetingCredentials.ts';
import { cannotListen } from '../MockStartError.ts';
import { mockSecretEnv } from '../signingKey.ts';
import type { MeetingPlatformScenario } from './createMeetingPlatformMock.ts';
import { mockAccountFromEnv } from './mockAccountFromEnv.ts';
import { startMeetingPlatformServer, type MeetingPlatformServer } from './startMeetingPlatformServer.ts';

export interface MeetingPlatformFromEnvOptions {
  host: string;
  port: number;
  /** The key tokens are signed with; default $CONFORM_MOCK_SECRET, else random for this process. */
  secret?: string;
  scenario?: Partial<MeetingPlatformScenario>;
}

export interface StartedMeetingPlatform {
  /** The auth URL and the API base URL: token endpoint and /v2 share the port. */
  url: string;
  account: MeetingCredentials;
  /** The account is the environment's (its secret never to be printed), not the demo account. */
  accountFromEnv: boolean;
  /** Where the signing secret came from: `secret`, or $CONFORM_MOCK_SECRET; absent, it is random for this process. */
  secretFrom?: 'given' | 'env';
  /** How its client did against the client clauses (MeetingPlatformMock.clientReport). */
  clientReport: MeetingPlatformServer['clientReport'];
  close(): Promise<void>;
}

/**
 * The meeting-platform mock as `conform mock meeting-platform` serves it (startMeetingPlatformServer):
 * the environment's account (mockAccountFromEnv) or the demo account with its demo data, tokens signed
 * with the secret given or $CONFORM_MOCK_SECRET. A MockStartError in one line when the credentials are
 * half set or the port cannot be listened on.
 */
export async function startMeetingPlatformFromEnv(options: MeetingPlatformFromEnvOptions, env: Record<string, string | undefined>): Promise<StartedMeetingPlatform> {
  const { host, port, scenario } = options;
  const { account, fromEnv } = mockAccountFromEnv(env);
  const secret = options.secret ?? (env[mockSecretEnv] || undefined);
  const server = await startMeetingPlatformServer({ host, port, accounts: [account], secret, ...(scenario && { scenario }) }).catch((err: unknown) => {
    throw cannotListen(host, port, err);
  });
  const secretFrom = secret === undefined ? undefined : options.secret !== undefined ? 'given' : 'env';
  return { url: server.url, account, accountFromEnv: fromEnv, ...(secretFrom && { secretFrom }), clientReport: server.clientReport, close: server.close };
}
