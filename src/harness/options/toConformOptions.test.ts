import { describe, expect, test } from 'vitest';
import { defaultRequestBounds } from '../../exchange/requestBounds.ts';
import { toConformOptions } from './toConformOptions.ts';

const account = { MEETING_CLIENT_ID: 'id-1234', MEETING_CLIENT_SECRET: 'secret-1234', MEETING_ACCOUNT_ID: 'acct-1234' };

describe('toConformOptions: run()\'s options, checked once, as the data the suites get', () => {
  test('defaults: every suite, its embedded targets, seed 7, 100 generated requests, the default bounds', () => {
    const { options, problems } = toConformOptions({}, {});
    expect(problems).toEqual([]);
    expect(options).toEqual({
      suites: ['fetch-service', 'meeting-platform', 'unit-record'],
      seed: 7,
      fuzzRuns: 100,
      limits: { bounds: defaultRequestBounds },
      targets: { 'fetch-service': [], 'meeting-platform': [], 'unit-record': [] },
    });
    // Serialisable, as vitest's provide requires.
    expect(structuredClone(options)).toEqual(options);
  });

  test('targets with their secrets and the run-wide limits; the key from the flag, else the environment', () => {
    const { options, problems } = toConformOptions(
      { baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:10', apiBaseUrl: 'http://127.0.0.1:10', validator: ['v1', 'v1', 'v2'], validatorSet: ['s1'], rateLimit: 2, headersTimeout: 5 },
      { SVC_API_KEY: 'env-key-1234', ...account },
    );
    expect(problems).toEqual([]);
    const limits = { bounds: { ...defaultRequestBounds, headersTimeout: 5 }, rateLimit: 2 };
    expect(options.limits).toEqual(limits);
    expect(options.targets).toEqual({
      'fetch-service': [{ baseUrl: 'http://127.0.0.1:9', apiKey: 'env-key-1234', fetchTimeoutSeconds: 60, limits }],
      'meeting-platform': [{ authUrl: 'http://127.0.0.1:10', apiBaseUrl: 'http://127.0.0.1:10', credentials: { clientId: 'id-1234', clientSecret: 'secret-1234', accountId: 'acct-1234' }, limits }],
      'unit-record': [{ validator: 'v1' }, { validator: 'v2' }, { validatorSet: 's1' }],
    });
    expect(toConformOptions({ suites: ['fetch-service'], baseUrl: 'http://127.0.0.1:9', apiKey: 'flag-key-1234' }, { SVC_API_KEY: 'env-key-1234' }).options.targets['fetch-service'][0]!.apiKey).toBe('flag-key-1234');
  });

  test('the meeting platform API base URL with its /v2, as the platform documents it, is the same target as without', () => {
    for (const apiBaseUrl of ['https://api.example.com/v2', 'https://api.example.com/v2/', 'https://api.example.com']) {
      const { options, problems } = toConformOptions({ suites: ['meeting-platform'], authUrl: 'https://auth.example.com', apiBaseUrl }, account);
      expect(problems).toEqual([]);
      expect(options.targets['meeting-platform'].map((t) => t.apiBaseUrl), apiBaseUrl).toEqual(['https://api.example.com']);
    }
  });

  test('every problem at once, one line each, naming the flag', () => {
    const { problems } = toConformOptions(
      { suites: ['unit-record'], baseUrl: 'http://127.0.0.1:9', seed: -3, fuzzRuns: 1.5, maxBodyMib: 0, validator: ['a\nb'] },
      {},
    );
    expect(problems).toEqual([
      '--base-url applies to the fetch-service suite, which this run does not include',
      '--seed takes a whole number from 0 to 4294967295; got -3',
      '--fuzz-runs takes a whole number of 0 or more; got 1.5',
      '--max-body-mib takes a number above 0; got 0',
      '--validator takes a one-line command',
      '--base-url needs an API key: set $SVC_API_KEY or pass --api-key',
    ]);
  });

  test('a meeting-platform deployment needs the account\'s credentials, all three', () => {
    const deployment = { suites: ['meeting-platform' as const], authUrl: 'http://127.0.0.1:10', apiBaseUrl: 'http://127.0.0.1:10' };
    expect(toConformOptions(deployment, {}).problems).toEqual([
      "--auth-url and --api-base-url need the account's credentials: set $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID",
    ]);
    expect(toConformOptions(deployment, { MEETING_CLIENT_ID: 'only-this' }).problems).toEqual([
      'set all of $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID or none; missing $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID',
    ]);
    expect(toConformOptions({ suites: ['meeting-platform'], authUrl: 'http://127.0.0.1:10' }, account).problems).toEqual([
      '--auth-url and --api-base-url go together: give both to check a meeting platform deployment',
    ]);
    // The embedded mock serves the environment's account; a run without the suite does not read it.
    expect(toConformOptions({ suites: ['meeting-platform'] }, account).options.embeddedMeetingAccount).toEqual({ clientId: 'id-1234', clientSecret: 'secret-1234', accountId: 'acct-1234' });
    expect(toConformOptions({ suites: ['unit-record'] }, { MEETING_CLIENT_ID: 'only-this' }).problems).toEqual([]);
  });

  test('a URL that is no http(s) URL, an unknown suite', () => {
    expect(toConformOptions({ suites: ['fetch-service'], baseUrl: 'ftp://x', apiKey: 'k-1234' }, {}).problems).toEqual(['--base-url takes an http(s) URL; got "ftp://x"']);
    expect(toConformOptions({ suites: ['nope' as 'unit-record'] }, {}).problems).toEqual(['unknown suite nope; choose from fetch-service, meeting-platform, unit-record']);
  });
});
