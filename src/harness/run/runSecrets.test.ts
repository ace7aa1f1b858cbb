import { describe, expect, test } from 'vitest';
import type { ConformOptions } from '../options/ConformOptions.ts';
import { Redactor } from '../../exchange/Redactor.ts';
import { defaultRequestBounds } from '../../exchange/requestBounds.ts';
import { runSecrets } from './runSecrets.ts';

describe('runSecrets', () => {
  test("a run's options make its secrets: every target's API key and client secret, the embedded account's", () => {
    const limits = { bounds: defaultRequestBounds };
    const credentials = (clientSecret: string) => ({ clientId: 'client-id', clientSecret, accountId: 'account-id' });
    const options: ConformOptions = {
      suites: ['fetch-service', 'meeting-platform'],
      seed: 7,
      fuzzRuns: 0,
      limits,
      targets: {
        'fetch-service': [{ baseUrl: 'http://a.invalid', apiKey: 'staging-api-key-0123', fetchTimeoutSeconds: 60, limits }],
        'meeting-platform': [{ authUrl: 'http://b.invalid', apiBaseUrl: 'http://b.invalid/api', credentials: credentials('target-client-secret'), limits }],
        'unit-record': [],
      },
      embeddedMeetingAccount: credentials('embedded-client-secret'),
    };
    const redactor = new Redactor(runSecrets(options));
    expect(redactor.redact('staging-api-key-0123 target-client-secret embedded-client-secret')).toBe('$SVC_API_KEY $MEETING_CLIENT_SECRET $MEETING_CLIENT_SECRET');
    // Each as the variable a config read it from.
    const named: ConformOptions = {
      ...options,
      targets: {
        ...options.targets,
        'fetch-service': [{ ...options.targets['fetch-service'][0]!, apiKeyVar: 'STAGING_SVC_API_KEY' }],
        'meeting-platform': [{ ...options.targets['meeting-platform'][0]!, credentialVars: { clientId: 'P_ID', clientSecret: 'P_SECRET', accountId: 'P_ACCOUNT' } }],
      },
    };
    expect(new Redactor(runSecrets(named)).redact('staging-api-key-0123 target-client-secret')).toBe('$STAGING_SVC_API_KEY $P_SECRET');
  });
});
