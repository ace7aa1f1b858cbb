import type { TargetsToStart } from './TargetOptions.ts';
import { referenceLabels } from '../../verdict/referenceLabels.ts';
import type { StartedTargets } from './StartedTargets.ts';
import type { SuiteName } from '../../catalogue/suites.ts';
import type { MeetingPlatformTarget, UnitRecordTarget } from '../suite-api/targets.ts';

const nothingToClose = async (): Promise<void> => {};

/**
 * Where the embedded meeting-platform mock serves its API, under its one port: apart from the token
 * endpoint, as the real platform's two hosts are, so that MP-WRONG-ADDRESS's cross-host paths are judged.
 */
export const embeddedApiPath = '/api';

/**
 * The targets of one suite: those the options name, or embedded ones started on loopback; with
 * `withReference`, the embedded ones first and then those the options name, side by side. Mocks and the
 * reference are imported only when needed, so a run of one suite loads no other.
 */
export async function startEmbeddedTarget(suite: SuiteName, options: TargetsToStart): Promise<StartedTargets> {
  const withReference = Boolean(options.withReference);
  switch (suite) {
    case 'unit-record': {
      // Record validators and set validators are targets apart: each is judged on its own clauses.
      const given = options.targets['unit-record'].map((t): UnitRecordTarget =>
        t.validator !== undefined
          ? { label: t.label ?? `validator: ${t.validator}`, validator: t.validator, judgesRecords: true, judgesSets: false }
          : { label: t.label ?? `set validator: ${t.validatorSet}`, validatorSet: t.validatorSet, judgesRecords: false, judgesSets: true },
      );
      const reference: UnitRecordTarget = { label: referenceLabels['unit-record'], judgesRecords: true, judgesSets: true };
      const targets = given.length && !withReference ? given : [reference, ...given];
      return { targets, close: nothingToClose };
    }
    case 'meeting-platform': {
      // The deployments the options name, with the user's credentials; else (or besides, withReference)
      // the mock on loopback, serving the environment's account when one was set, its demo account when none was.
      const given = options.targets['meeting-platform'].map(
        (t): MeetingPlatformTarget => ({
          label: t.label ?? `meeting platform at ${t.apiBaseUrl}`,
          authUrl: t.authUrl,
          apiBaseUrl: t.apiBaseUrl,
          credentials: t.credentials,
          ...(t.credentialVars ? { credentialVars: t.credentialVars } : {}),
          embedded: false,
          limits: t.limits,
        }),
      );
      if (given.length && !withReference) return { targets: given, close: nothingToClose };
      const { startMeetingPlatformServer } = await import('../../../mocks/meeting-platform/startMeetingPlatformServer.ts');
      const account = options.embeddedMeetingAccount;
      const server = await startMeetingPlatformServer({ host: '127.0.0.1', port: 0, apiPath: embeddedApiPath, accounts: account ? [account] : undefined });
      const target: MeetingPlatformTarget = {
        label: referenceLabels['meeting-platform'],
        authUrl: server.url,
        apiBaseUrl: server.apiBaseUrl,
        credentials: server.accounts[0]!,
        embedded: true,
        limits: options.limits,
      };
      return { targets: [target, ...given], close: server.close };
    }
    case 'fetch-service': {
      // The deployments the options name, or the reference and the mock on loopback (see there).
      const { startFetchServiceTargets } = await import('./startFetchServiceTargets.ts');
      return startFetchServiceTargets(options.targets['fetch-service'], options.limits, withReference);
    }
  }
}
