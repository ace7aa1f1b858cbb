import { describe, expect, test } from 'vitest';
import { optionsFromEnv } from './optionsFromEnv.ts';
import { toConformOptions } from './toConformOptions.ts';

describe('optionsFromEnv: a plain vitest run reads its options once, into what conform run provides', () => {
  test('the same options as the flags give, for each suite', () => {
    const env = {
      CONFORM_SUITES: 'fetch-service,meeting-platform,unit-record',
      CONFORM_SEED: '9',
      CONFORM_FUZZ_RUNS: '0',
      CONFORM_RATE_LIMIT: '2.5',
      CONFORM_HEADERS_TIMEOUT: '5',
      CONFORM_FETCH_BASE_URL: 'http://127.0.0.1:9',
      CONFORM_ORIGIN_URL: 'http://127.0.0.1:8',
      CONFORM_FETCH_TIMEOUT: '5',
      SVC_API_KEY: 'env-key-1234',
      CONFORM_MEETING_AUTH_URL: 'http://127.0.0.1:10',
      CONFORM_MEETING_API_BASE_URL: 'http://127.0.0.1:11',
      MEETING_CLIENT_ID: 'id-1234',
      MEETING_CLIENT_SECRET: 'secret-1234',
      MEETING_ACCOUNT_ID: 'acct-1234',
      CONFORM_VALIDATOR: 'v1\n  v2  \n',
      CONFORM_VALIDATOR_SET: 's1',
    };
    const flags = toConformOptions(
      {
        seed: 9,
        fuzzRuns: 0,
        rateLimit: 2.5,
        headersTimeout: 5,
        baseUrl: 'http://127.0.0.1:9',
        originUrl: 'http://127.0.0.1:8',
        fetchTimeout: 5,
        authUrl: 'http://127.0.0.1:10',
        apiBaseUrl: 'http://127.0.0.1:11',
        validator: ['v1', 'v2'],
        validatorSet: ['s1'],
      },
      env,
    );
    expect(flags.problems).toEqual([]);
    expect(optionsFromEnv(env)).toEqual(flags.options);
  });

  test('nothing set: every suite against its embedded targets', () => {
    expect(optionsFromEnv({})).toEqual(toConformOptions({}, {}).options);
  });

  test('targets of suites the run leaves out are not read', () => {
    const options = optionsFromEnv({ CONFORM_SUITES: 'unit-record', CONFORM_FETCH_BASE_URL: 'http://127.0.0.1:9', MEETING_CLIENT_ID: 'only-this' });
    expect(options.suites).toEqual(['unit-record']);
    expect(options.targets['fetch-service']).toEqual([]);
  });

  test('every problem at once, naming the variables, in the words the flags get', () => {
    expect(() => optionsFromEnv({ CONFORM_SUITES: 'fetch-service', CONFORM_SEED: '-3', CONFORM_FETCH_TIMEOUT: 'soon', CONFORM_FETCH_BASE_URL: 'http://127.0.0.1:9' })).toThrow(
      [
        'CONFORM_SEED takes a whole number from 0 to 4294967295; got "-3"',
        'CONFORM_FETCH_TIMEOUT takes a number above 0; got "soon"',
        'CONFORM_FETCH_BASE_URL needs an API key: set $SVC_API_KEY or pass --api-key',
      ].join('\n'),
    );
  });
});
