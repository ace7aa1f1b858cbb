import { credentialEnv } from '../../meeting-platform/core/meetingCredentials.ts';
import type { ConformOptions } from '../options/ConformOptions.ts';

/**
 * The secrets a run's options carry (API keys, client secrets; flags and environment alike), each with the
 * variable it was read from (a config's apiKeyEnv, clientSecretEnv): what the run's side redacts, and a
 * merge reads again.
 */
export function runSecrets(options: ConformOptions): Array<readonly [value: string | undefined, variable: string]> {
  return [
    ...options.targets['fetch-service'].map((t) => [t.apiKey, t.apiKeyVar ?? 'SVC_API_KEY'] as const),
    ...options.targets['meeting-platform'].map((t) => [t.credentials.clientSecret, t.credentialVars?.clientSecret ?? credentialEnv.clientSecret] as const),
    [options.embeddedMeetingAccount?.clientSecret, credentialEnv.clientSecret],
  ];
}
