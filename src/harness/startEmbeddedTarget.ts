import type { SuiteName } from './suites.ts';
import { targetEnv, type MeetingPlatformTarget, type UnitRecordTarget } from './targets.ts';

type Env = Record<string, string | undefined>;

export interface StartedTargets {
  targets: unknown[];
  close(): Promise<void>;
}

const nothingToClose = async (): Promise<void> => {};

/**
 * The targets of one suite: the one the environment names, or embedded ones started on loopback.
 * Mocks and the reference are imported only when needed, so a run of one suite loads no other.
 */
export async function startEmbeddedTarget(suite: SuiteName, env: Env): Promise<StartedTargets> {
  switch (suite) {
    case 'unit-record': {
      // One command per line: several validators are compared side by side, each a target of its own.
      // Record validators and set validators are targets apart: each is judged on its own clauses.
      const lines = (name: string) => (env[name] ?? '').split('\n').map((c) => c.trim()).filter(Boolean);
      const records = lines(targetEnv.validator).map((validator): UnitRecordTarget => ({ label: `validator: ${validator}`, validator, judgesRecords: true, judgesSets: false }));
      const sets = lines(targetEnv.validatorSet).map((validatorSet): UnitRecordTarget => ({ label: `set validator: ${validatorSet}`, validatorSet, judgesRecords: false, judgesSets: true }));
      const targets = records.length || sets.length ? [...records, ...sets] : [{ label: 'reference validator (in-process)', judgesRecords: true, judgesSets: true }];
      return { targets, close: nothingToClose };
    }
    case 'meeting-platform': {
      // A deployment named by the environment, with the user's credentials; else the mock on loopback,
      // serving the environment's account when one is set, its demo account when none is.
      const { credentialsFromEnv, credentialEnv } = await import('../meeting-platform/meetingCredentials.ts');
      const authUrl = env[targetEnv.meetingAuthUrl];
      const apiBaseUrl = env[targetEnv.meetingApiBaseUrl];
      const fromEnv = credentialsFromEnv(env);
      if (fromEnv.kind === 'partial') throw new Error(`meeting-platform: set all of ${Object.values(credentialEnv).join(', ')} or none; missing ${fromEnv.missing.join(', ')}`);
      if (authUrl || apiBaseUrl) {
        if (!authUrl || !apiBaseUrl) throw new Error(`meeting-platform: a deployment needs both ${targetEnv.meetingAuthUrl} and ${targetEnv.meetingApiBaseUrl}`);
        if (fromEnv.kind !== 'complete') throw new Error(`meeting-platform: a deployment needs credentials in ${Object.values(credentialEnv).join(', ')}`);
        const target: MeetingPlatformTarget = { label: `meeting platform at ${apiBaseUrl}`, authUrl, apiBaseUrl, credentials: fromEnv.credentials, embedded: false };
        return { targets: [target], close: nothingToClose };
      }
      const { startMeetingPlatformServer } = await import('../../mocks/meeting-platform/startMeetingPlatformServer.ts');
      const server = await startMeetingPlatformServer({ host: '127.0.0.1', port: 0, accounts: fromEnv.kind === 'complete' ? [fromEnv.credentials] : undefined });
      const target: MeetingPlatformTarget = { label: 'meeting-platform mock (embedded)', authUrl: server.url, apiBaseUrl: server.url, credentials: server.accounts[0]!, embedded: true };
      return { targets: [target], close: server.close };
    }
    case 'fetch-service': {
      // A deployment named by the environment, or the reference and the mock on loopback (see there).
      const { startFetchServiceTargets } = await import('./startFetchServiceTargets.ts');
      return startFetchServiceTargets(env);
    }
  }
}
