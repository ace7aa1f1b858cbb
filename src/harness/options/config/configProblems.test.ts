import { describe, expect, test } from 'vitest';
import { configProblems } from './configProblems.ts';

const staging = { suite: 'fetch-service', baseUrl: 'https://fetch.example.com', apiKeyEnv: 'STAGING_KEY' };

describe('configProblems: a config with a fault gets one line naming the key path', () => {
  test('a config of every kind of target and every run-wide key has none', () => {
    const config = {
      targets: {
        staging: { ...staging, originUrl: 'https://origin.example.com', fetchTimeout: 60, rateLimit: 5, headersTimeout: 30, bodyTimeout: 60, maxBodyMib: 64 },
        meetings: { suite: 'meeting-platform', authUrl: 'https://zoom.us', apiBaseUrl: 'https://api.zoom.us', clientIdEnv: 'A', clientSecretEnv: 'B', accountIdEnv: 'C', rateLimit: 2 },
        records: { suite: 'unit-record', validator: 'python3 v.py' },
        pages: { suite: 'unit-record', validatorSet: 'python3 v.py --page' },
      },
      seed: 7,
      fuzzRuns: 0,
      strict: true,
      withReference: true,
      rateLimit: 10,
      headersTimeout: 30,
      bodyTimeout: 60,
      maxBodyMib: 64,
      report: [{ format: 'junit', path: 'reports/junit.xml' }],
    };
    expect(configProblems(config)).toEqual([]);
  });

  test.for<[string, unknown, string]>([
    ['an unknown key in a target', { targets: { staging: { ...staging, baseURL: 'x' } } }, 'unknown key targets.staging.baseURL; a fetch-service target takes suite, baseUrl, apiKeyEnv, originUrl, fetchTimeout, rateLimit, headersTimeout, bodyTimeout, maxBodyMib'],
    ['an unknown key at the top level', { targets: {}, seeds: 3 }, 'unknown key seeds; the top level takes targets, withReference, report, seed, fuzzRuns, oneTargetAtATime, rateLimit, checkBudget, concurrency, headersTimeout, bodyTimeout, maxBodyMib, strict, requireReasons'],
    ['a secret in the file', { targets: { staging: { ...staging, apiKey: 'sk-live-123' } } }, 'targets.staging.apiKey: secrets never go in the file; name the variable that holds it with apiKeyEnv'],
    ["a run-wide key in a target", { targets: { staging: { ...staging, fuzzRuns: 0 } } }, "targets.staging.fuzzRuns: fuzzRuns is the whole run's; set it at the top level"],
    ['a key of another suite', { targets: { staging: { ...staging, authUrl: 'https://zoom.us' } } }, 'unknown key targets.staging.authUrl; a fetch-service target takes'],
    ['a string where a number goes', { targets: { staging: { ...staging, rateLimit: '5' } } }, 'targets.staging.rateLimit must be a number; got "5"'],
    ['a number where a string goes', { targets: { staging: { ...staging, baseUrl: 8080 } } }, 'targets.staging.baseUrl must be a string; got 8080'],
    ['a wrong type at the top level', { strict: 'yes' }, 'strict must be true or false; got "yes"'],
    ['a missing key', { targets: { staging: { suite: 'fetch-service' } } }, 'targets.staging lacks baseUrl'],
    ['no suite', { targets: { staging: { baseUrl: 'https://x' } } }, 'targets.staging lacks suite (fetch-service, meeting-platform, unit-record)'],
    ['an unknown suite', { targets: { staging: { suite: 'fetch' } } }, 'targets.staging.suite must be one of fetch-service, meeting-platform, unit-record; got "fetch"'],
    ['a target that is no object', { targets: { staging: 'https://x' } }, 'targets.staging must be an object; got "https://x"'],
    ['an unknown report format', { report: [{ format: 'pdf', path: 'r.pdf' }] }, 'report[0].format must be one of json, junit, html, markdown; got "pdf"'],
    ['report outputs that are no list', { report: { junit: 'r.xml' } }, 'report must be a list; got an object'],
    ['a validator target with both commands', { targets: { v: { suite: 'unit-record', validator: 'a', validatorSet: 'b' } } }, 'targets.v takes one of validator or validatorSet, not both'],
    ['a validator target with neither', { targets: { v: { suite: 'unit-record' } } }, 'targets.v takes one of validator or validatorSet'],
    ['no object at all', [], 'the config must be an object; got a list'],
  ])('%s', ([, config, line]) => {
    const problems = configProblems(config);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(line);
    expect(problems[0]).not.toContain('\n');
  });

  test('a value that may be a secret is never quoted', () => {
    expect(configProblems({ targets: { staging: { ...staging, apiKey: 'sk-live-123' } } }).join('\n')).not.toContain('sk-live-123');
  });
});
