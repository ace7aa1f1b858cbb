import { describe, expect, test } from 'vitest';
import { RunError } from '../../verdict/RunError.ts';
import { run, type RunOptions } from './run.ts';

/** The error run() refuses these options with, before any suite starts (no report). */
async function refusal(options: RunOptions): Promise<RunError> {
  const error = await run(options).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(RunError);
  expect((error as RunError).report).toBeUndefined();
  return error as RunError;
}

describe('run() refuses options that cannot make a run, before starting anything', () => {
  test('an unknown suite', async () => {
    expect((await refusal({ suites: ['no-such-suite' as 'unit-record'] })).message).toBe(
      'unknown suite no-such-suite; choose from fetch-service, meeting-platform, unit-record',
    );
  });

  test("a target option for a suite the run leaves out, each named by its flag", async () => {
    const cases: Array<[RunOptions, string]> = [
      [{ suites: ['unit-record'], baseUrl: 'http://127.0.0.1:9' }, '--base-url applies to the fetch-service suite'],
      [{ suites: ['fetch-service'], authUrl: 'http://127.0.0.1:9', apiBaseUrl: 'http://127.0.0.1:9' }, '--auth-url applies to the meeting-platform suite'],
      [{ suites: ['meeting-platform'], validator: ['true'] }, '--validator applies to the unit-record suite'],
    ];
    for (const [options, message] of cases) expect((await refusal(options)).message).toContain(message);
  });

  test('half a meeting-platform deployment, a deployment without a key, a validator of two lines', async () => {
    expect((await refusal({ suites: ['meeting-platform'], authUrl: 'http://127.0.0.1:9' })).message).toContain('go together');
    const key = process.env.SVC_API_KEY;
    delete process.env.SVC_API_KEY;
    try {
      expect((await refusal({ suites: ['fetch-service'], baseUrl: 'http://127.0.0.1:9' })).message).toContain('needs an API key');
    } finally {
      if (key !== undefined) process.env.SVC_API_KEY = key;
    }
    expect((await refusal({ suites: ['unit-record'], validator: ['true\nfalse'] })).message).toBe('--validator takes a one-line command');
  });

  test('a budget or a rate that is no count', async () => {
    expect((await refusal({ suites: ['unit-record'], fuzzRuns: -1 })).message).toContain('--fuzz-runs takes a whole number');
    expect((await refusal({ suites: ['unit-record'], fuzzRuns: 1.5 })).message).toContain('--fuzz-runs takes a whole number');
    expect((await refusal({ suites: ['unit-record'], rateLimit: Number.NaN })).message).toContain('--rate-limit takes a number');
  });

  test('an unreachable target', async () => {
    // Port 9 (discard) on loopback has no listener: connection refused at once.
    const error = await refusal({ suites: ['fetch-service'], baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key-1234' });
    expect(error.message).toMatch(/^cannot reach --base-url http:\/\/127\.0\.0\.1:9: ECONNREFUSED/);
  });
});

describe('run() hands each run its own options', () => {
  test('two runs at once in one process each judge their own target, with their own seed', async () => {
    // Options travel as data (vitest's provide), not through process.env: neither run sees the other's.
    const [a, b] = await Promise.all([
      run({ suites: ['unit-record'], validatorSet: ['true'], seed: 1 }),
      run({ suites: ['unit-record'], validatorSet: ['exit 1 #'], seed: 2 }),
    ]);
    expect([a.seed, b.seed]).toEqual([1, 2]);
    expect(a.target['unit-record']).toEqual(['set validator: true']);
    expect(b.target['unit-record']).toEqual(['set validator: exit 1 #']);
    expect(new Set(a.checks.map((c) => c.target))).toEqual(new Set(['set validator: true']));
    expect(new Set(b.checks.map((c) => c.target))).toEqual(new Set(['set validator: exit 1 #']));
    // `true` calls every set a tree, `exit 1` none: each is wrong on the other's sets.
    const wrong = (r: typeof a) => r.checks.map((c) => c.finding?.groups.map((g) => g.cause).join()).join();
    expect(wrong(a)).toContain('accepted sets that break the rule');
    expect(wrong(a)).not.toContain('rejected sets that are valid');
    expect(wrong(b)).toContain('rejected sets that are valid');
    expect(wrong(b)).not.toContain('accepted sets that break the rule');
  }, 120_000);
});
