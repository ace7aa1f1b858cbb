import { describe, expect, test } from 'vitest';
import type { LoadedConfig } from './config/loadConfig.ts';
import { resolveRunOptions } from './resolveRunOptions.ts';
import type { RunOptions } from './RunOptions.ts';

const loaded: LoadedConfig = {
  config: {
    targets: {
      staging: { suite: 'fetch-service', baseUrl: 'https://staging.example.com/', apiKeyEnv: 'STAGING_KEY', fetchTimeout: 30 },
      records: { suite: 'unit-record', validator: ' python3 v.py ' },
    },
    withReference: true,
    report: [{ format: 'junit', path: 'out/junit.xml' }],
  },
  shown: 'conform.config.ts',
  dir: '/repo',
};
const env = { STAGING_KEY: 'staging-secret-0123' };

describe('resolveRunOptions: flags and config, one way in', () => {
  test("the config's targets first, then those the flags make, each built by its suite's one builder", () => {
    const run = resolveRunOptions(loaded, { targets: ['records'], suites: ['unit-record'], validator: ['node check.js'] }, env);
    expect(run.problems).toEqual([]);
    expect(run.options.targets['unit-record']).toEqual([{ label: 'records', optionNames: { validator: 'targets.records.validator' }, validator: 'python3 v.py' }, { validator: 'node check.js' }]);
    expect(run.configTargets).toEqual(['records']);
    expect(run.options.withReference).toBe(true);
  });

  test("a flag over the config's key, the same target either way; the options given are left as they were", () => {
    const options: RunOptions = { fetchTimeout: 5, report: [{ format: 'json', path: 'r.json' }] };
    const before = structuredClone(options);
    const run = resolveRunOptions(loaded, options, env);
    expect(run.options.targets['fetch-service']).toMatchObject([{ label: 'staging', apiKey: 'staging-secret-0123', apiKeyVar: 'STAGING_KEY', fetchTimeoutSeconds: 5 }]);
    expect(options).toEqual(before);
    // Each report path resolved once, here: the config's against its folder, the one given against the working directory.
    expect(run.report).toEqual([
      { format: 'junit', path: '/repo/out/junit.xml' },
      { format: 'json', path: `${process.cwd()}/r.json` },
    ]);
  });

  test('every problem of the flags and the config once, in one list', () => {
    const run = resolveRunOptions(loaded, { seed: -1, suites: ['fetch-service'] }, {});
    expect(run.problems).toEqual(['conform.config.ts: targets.staging.apiKeyEnv: $STAGING_KEY is not set', '--seed takes a whole number from 0 to 4294967295; got -1']);
  });
});

describe('resolveRunOptions: a URL held to one rule and written out once', () => {
  test("a config's URL as a flag's: its trailing slash dropped, credentials in it refused in the flag's words", () => {
    const run = resolveRunOptions(loaded, { targets: ['staging'] }, env);
    expect(run.options.targets['fetch-service'][0]!.baseUrl).toBe('https://staging.example.com');
    const leaky: LoadedConfig = { ...loaded, config: { targets: { staging: { suite: 'fetch-service', baseUrl: 'https://user:pass@staging.example.com', apiKeyEnv: 'STAGING_KEY' } } } };
    expect(resolveRunOptions(leaky, {}, env).problems).toEqual(['conform.config.ts: targets.staging.baseUrl takes a URL without credentials: pass secrets through the environment']);
  });
});
