import { describe, expect, test } from 'vitest';
import type { RunOptions } from '../RunOptions.ts';
import { applyConfig } from './applyConfig.ts';
import type { ConformConfig } from './configSchema.ts';
import type { LoadedConfig } from './loadConfig.ts';

const config: ConformConfig = {
  targets: {
    staging: { suite: 'fetch-service', baseUrl: 'https://staging.example.com', apiKeyEnv: 'STAGING_KEY', rateLimit: 2 },
    production: { suite: 'fetch-service', baseUrl: 'https://fetch.example.com', apiKeyEnv: 'PRODUCTION_KEY', originUrl: 'https://origin.example.com', fetchTimeout: 30 },
    meetings: { suite: 'meeting-platform', authUrl: 'https://zoom.us', apiBaseUrl: 'https://api.zoom.us' },
    records: { suite: 'unit-record', validator: 'python3 v.py' },
  },
  seed: 3,
  fuzzRuns: 10,
  headersTimeout: 20,
  report: [
    { format: 'junit', path: 'reports/junit.xml' },
    { format: 'json', path: 'reports/conform.json' },
  ],
};
const loaded: LoadedConfig = { config, shown: 'conform.config.ts', dir: '/repo' };
const env = { STAGING_KEY: 'staging-secret', PRODUCTION_KEY: 'production-secret', MEETING_CLIENT_ID: 'id', MEETING_CLIENT_SECRET: 'secret', MEETING_ACCOUNT_ID: 'account' };

function apply(options: RunOptions, environment: Record<string, string | undefined> = env, from: LoadedConfig = loaded) {
  return applyConfig(from, options, environment);
}

describe('applyConfig: the meeting platform API base URL', () => {
  test("as the seed writes it (the host) or as the platform documents it (…/v2): the same target, the flag's too", () => {
    const documented = apply({}, env, { ...loaded, config: { targets: { meetings: { suite: 'meeting-platform', authUrl: 'https://zoom.us', apiBaseUrl: 'https://api.zoom.us/v2' } } } });
    expect(documented.problems).toEqual([]);
    expect(documented.targets['meeting-platform'].map((t) => t.apiBaseUrl)).toEqual(['https://api.zoom.us']);
    expect(apply({ apiBaseUrl: 'https://api.example.com/v2/' }).targets['meeting-platform'].map((t) => t.apiBaseUrl)).toEqual(['https://api.example.com']);
  });
});

describe('applyConfig: which targets run', () => {
  test('no names: every target of the config, each suite of theirs, each labelled by its name', () => {
    const run = apply({});
    expect(run.problems).toEqual([]);
    expect(run.input.suites).toEqual(['fetch-service', 'meeting-platform', 'unit-record']);
    expect(run.targets['fetch-service'].map((t) => t.label)).toEqual(['staging', 'production']);
    expect(run.targets['meeting-platform'].map((t) => t.label)).toEqual(['meetings']);
    expect(run.targets['unit-record']).toEqual([{ label: 'records', optionNames: { validator: 'targets.records.validator' }, validator: 'python3 v.py' }]);
  });

  test('named targets only, or the targets of a named suite; a suite without targets in the config runs bare', () => {
    const named = apply({ targets: ['production', 'records'] });
    expect(named.input.suites).toEqual(['fetch-service', 'unit-record']);
    expect(named.targets['fetch-service'].map((t) => t.label)).toEqual(['production']);
    const bySuite = apply({ suites: ['fetch-service'] });
    expect(bySuite.targets['fetch-service'].map((t) => t.label)).toEqual(['staging', 'production']);
    expect(bySuite.targets['unit-record']).toEqual([]);
    const bare = apply({ suites: ['unit-record'] }, env, { ...loaded, config: { targets: { staging: config.targets!.staging! } } });
    expect(bare.input.suites).toEqual(['unit-record']);
    expect(bare.targets['unit-record']).toEqual([]);
  });

  test('a name the config does not have, and target names without a config, are one line each', () => {
    expect(apply({ targets: ['stagin'] }).problems).toEqual(['conform.config.ts has no target stagin; it has staging, production, meetings, records']);
    expect(applyConfig(undefined, { targets: ['staging'] }, env).problems).toEqual(['no config file names targets (staging): `conform init` writes one']);
  });

  test('the variables a target names are read for the targets that run only', () => {
    const run = apply({ targets: ['staging'] }, { STAGING_KEY: 'staging-secret' });
    expect(run.problems).toEqual([]);
    expect(run.targets['fetch-service'][0]!.apiKey).toBe('staging-secret');
  });
});

describe('applyConfig: a missing variable or a bad value is one line naming the file and the key path', () => {
  test('each target carries the variables its secrets were read from, for reports to name; a key given by flag is $SVC_API_KEY', () => {
    const run = apply({}, { ...env, P_ID: 'id', P_SECRET: 'secret', P_ACCOUNT: 'account' }, { ...loaded, config: { targets: { ...config.targets, meetings: { suite: 'meeting-platform', authUrl: 'https://zoom.us', apiBaseUrl: 'https://api.zoom.us', clientIdEnv: 'P_ID', clientSecretEnv: 'P_SECRET', accountIdEnv: 'P_ACCOUNT' } } } });
    expect(run.targets['fetch-service'].map((t) => t.apiKeyVar)).toEqual(['STAGING_KEY', 'PRODUCTION_KEY']);
    expect(run.targets['meeting-platform'][0]!.credentialVars).toEqual({ clientId: 'P_ID', clientSecret: 'P_SECRET', accountId: 'P_ACCOUNT' });
    expect(apply({}).targets['meeting-platform'][0]!.credentialVars).toEqual({ clientId: 'MEETING_CLIENT_ID', clientSecret: 'MEETING_CLIENT_SECRET', accountId: 'MEETING_ACCOUNT_ID' });
    expect(apply({ targets: ['staging'], apiKey: 'given' }).targets['fetch-service'][0]!.apiKeyVar).toBe('SVC_API_KEY');
  });

  test('a variable the target names that is not set, and a default one', () => {
    expect(apply({ targets: ['production'] }, {}).problems).toEqual(['conform.config.ts: targets.production.apiKeyEnv: $PRODUCTION_KEY is not set']);
    expect(apply({ targets: ['meetings'] }, { MEETING_CLIENT_ID: 'id', MEETING_ACCOUNT_ID: 'a' }).problems).toEqual([
      'conform.config.ts: targets.meetings needs $MEETING_CLIENT_SECRET set (or clientSecretEnv naming another variable)',
    ]);
  });

  test('a secret where its variable name goes is refused without being quoted', () => {
    const leaky: LoadedConfig = { ...loaded, config: { targets: { staging: { suite: 'fetch-service', baseUrl: 'https://x.example.com', apiKeyEnv: 'sk-live 123' } } } };
    const { problems } = apply({}, env, leaky);
    expect(problems).toEqual(['conform.config.ts: targets.staging.apiKeyEnv takes the name of the variable that holds the secret (such as SVC_API_KEY), not the secret']);
  });

  test("numbers and URLs are held to the command line's rules, named by their key; init's placeholders are named as such", () => {
    const bad: LoadedConfig = {
      ...loaded,
      config: { targets: { staging: { suite: 'fetch-service', baseUrl: 'ftp://x', apiKeyEnv: 'STAGING_KEY', rateLimit: -1, fetchTimeout: 0 }, meetings: { suite: 'meeting-platform', authUrl: '<URL of its OAuth server>', apiBaseUrl: 'https://api.zoom.us' } }, seed: 1.5 },
    };
    expect(apply({}, env, bad).problems).toEqual([
      'conform.config.ts: targets.staging.baseUrl takes an http(s) URL; got "ftp://x"',
      'conform.config.ts: targets.staging.fetchTimeout takes a number above 0; got 0',
      'conform.config.ts: targets.staging.rateLimit takes a number of 0 or more; got -1',
      'conform.config.ts: targets.meetings.authUrl still holds the placeholder <URL of its OAuth server>: fill it in',
    ]);
    // Run-wide values are checked with the other options (toConformOptions), by the names given here.
    expect(apply({}, env, bad).names.seed).toBe('conform.config.ts: seed');
  });
});

describe('applyConfig: flags override the file', () => {
  test("run-wide flags over the config's top level, and over every target's own key", () => {
    const run = apply({ seed: 11, rateLimit: 7, fetchTimeout: 5 });
    expect(run.input.seed).toBe(11);
    expect(run.names.seed).toBe('--seed');
    expect(run.input.fuzzRuns).toBe(10);
    for (const t of run.targets['fetch-service']) {
      expect(t.limits.rateLimit, t.label).toBe(7);
      expect(t.fetchTimeoutSeconds, t.label).toBe(5);
    }
  });

  test("without flags: the target's key, else the config's top level, else the default", () => {
    const [staging, production] = apply({}).targets['fetch-service'];
    expect(staging!.limits).toEqual({ bounds: { headersTimeout: 20, bodyTimeout: 60, maxBodyMib: 64 }, rateLimit: 2 });
    expect(production!.limits).toEqual({ bounds: { headersTimeout: 20, bodyTimeout: 60, maxBodyMib: 64 } });
    expect([staging!.fetchTimeoutSeconds, production!.fetchTimeoutSeconds]).toEqual([60, 30]);
    expect(production!.originUrl).toBe('https://origin.example.com');
  });

  test('a flag naming one deployment overrides the one target of its suite; with two it is a problem, with none a target of its own', () => {
    const one = apply({ targets: ['staging'], baseUrl: 'https://other.example.com', apiKey: 'given' });
    expect(one.problems).toEqual([]);
    expect(one.targets['fetch-service'][0]).toMatchObject({ label: 'staging', baseUrl: 'https://other.example.com', apiKey: 'given', optionNames: { baseUrl: '--base-url' } });
    expect(one.input.baseUrl).toBeUndefined();
    expect(apply({ baseUrl: 'https://other.example.com' }).problems).toEqual([
      '--base-url names one deployment; this run has 2 fetch-service targets (staging, production): set it in conform.config.ts, or run one of them',
    ]);
    const none = apply({ targets: ['records'], suites: ['fetch-service'], baseUrl: 'https://other.example.com' }, env, { ...loaded, config: { targets: { records: config.targets!.records! } } });
    expect(none.input.baseUrl).toBe('https://other.example.com');
    expect(none.input.suites).toEqual(['fetch-service', 'unit-record']);
  });

  test("report files: the config's, relative to its folder, a format given on the command line in place of the config's", () => {
    expect(apply({ report: [{ format: 'json', path: '/tmp/r.json' }, { format: 'html', path: '/tmp/r.html' }] }).report).toEqual([
      { format: 'junit', path: '/repo/reports/junit.xml' },
      { format: 'json', path: '/tmp/r.json' },
      { format: 'html', path: '/tmp/r.html' },
    ]);
  });

  test('strict and withReference: the option given, else the config, else off', () => {
    expect([apply({}).strict, apply({}).withReference]).toEqual([false, false]);
    const on: LoadedConfig = { ...loaded, config: { ...config, strict: true, withReference: true } };
    expect([apply({}, env, on).strict, apply({}, env, on).withReference]).toEqual([true, true]);
    expect(apply({ strict: false }, env, on).strict).toBe(false);
  });

  test('requireReasons: the option given, else the config, else on when $CI is set (not to "false" or "0")', () => {
    expect([apply({}).requireReasons, apply({}, { ...env, CI: 'true' }).requireReasons, apply({}, { ...env, CI: '1' }).requireReasons]).toEqual([false, true, true]);
    expect([apply({}, { ...env, CI: 'false' }).requireReasons, apply({}, { ...env, CI: '0' }).requireReasons, apply({}, { ...env, CI: '' }).requireReasons]).toEqual([false, false, false]);
    expect(apply({ requireReasons: false }, { ...env, CI: 'true' }).requireReasons).toBe(false);
    const off: LoadedConfig = { ...loaded, config: { ...config, requireReasons: false } };
    expect(apply({}, { ...env, CI: 'true' }, off).requireReasons).toBe(false);
    expect(apply({ requireReasons: true }, env, off).requireReasons).toBe(true);
  });
});
