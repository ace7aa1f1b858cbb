import type { MeetingCredentials } from '../../src/meeting-platform/core/meetingCredentials.ts';
import { cannotListen, MockStartError } from '../MockStartError.ts';
import { maxDataMeetings } from './checkMeetingData.ts';
import { mockSecretEnv } from '../signingKey.ts';
import type { MeetingPlatformScenario } from './createMeetingPlatformMock.ts';
import { loadMeetingDataFile } from './loadMeetingDataFile.ts';
import { mockAccountFromEnv } from './mockAccountFromEnv.ts';
import { startMeetingPlatformServer, type MeetingPlatformServer } from './startMeetingPlatformServer.ts';

export interface MeetingPlatformFromEnvOptions {
  host: string;
  port: number;
  /** The key tokens are signed with; default $CONFORM_MOCK_SECRET, else random for this process. */
  secret?: string;
  scenario?: Partial<MeetingPlatformScenario>;
  /** `--data FILE`: the users and meetings to start with, in place of the demo data. */
  dataFile?: string;
  /** `--meetings N`: meetings generated for every user on top of the data. */
  generatedMeetings?: number;
  /** Accounts the control API keeps at once (`--max-accounts`); default 100. */
  maxAccounts?: number;
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
  /** What the mock started with: where the data came from, and how much of it. */
  data: { from: string; users: number; meetings: number; generated: number };
}

/**
 * The meeting-platform mock as `conform mock meeting-platform` serves it (startMeetingPlatformServer):
 * the environment's account (mockAccountFromEnv) or the demo account with its demo data, tokens signed
 * with the secret given or $CONFORM_MOCK_SECRET. A MockStartError in one line when the credentials are
 * half set or the port cannot be listened on.
 */
export async function startMeetingPlatformFromEnv(options: MeetingPlatformFromEnvOptions, env: Record<string, string | undefined>): Promise<StartedMeetingPlatform> {
  const { host, port, scenario, maxAccounts } = options;
  const { account, fromEnv } = mockAccountFromEnv(env);
  const secret = options.secret ?? (env[mockSecretEnv] || undefined);
  const seed = options.dataFile === undefined ? undefined : await loadMeetingDataFile(options.dataFile, account.accountId);
  const generated = options.generatedMeetings ?? 0;
  if (seed && seed.meetings.length + generated * seed.users.length > maxDataMeetings) {
    throw new MockStartError(`--meetings ${generated}: ${seed.users.length} users would hold ${seed.meetings.length + generated * seed.users.length} meetings; the mock takes at most ${maxDataMeetings} per account`);
  }
  const server = await startMeetingPlatformServer({ host, port, accounts: [account], secret, ...(seed && { seed }), ...(generated > 0 && { generatedMeetings: generated }), maxAccounts, ...(scenario && { scenario }) }).catch((err: unknown) => {
    throw cannotListen(host, port, err);
  });
  const secretFrom = secret === undefined ? undefined : options.secret !== undefined ? 'given' : 'env';
  const held = server.mock.state.data();
  const data = { from: options.dataFile ?? 'the demo data', users: held.users.length, meetings: held.meetings.length, generated: generated * held.users.length };
  return { url: server.url, account, accountFromEnv: fromEnv, ...(secretFrom && { secretFrom }), clientReport: server.clientReport, close: server.close, data };
}
