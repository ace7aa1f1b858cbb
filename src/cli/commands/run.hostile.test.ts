// `conform run` against targets that answer no request properly, through the real command line: each run
// must end (the test's timeout is the bound; nothing here judges wall time) with the documented exit code
// and the reason in words, never a bare code nor a check killed by its own timeout; and a target that
// redirects gets no secret to the origin it names.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { findSecret, secretForms } from '../../exchange/secretForms.ts';
import type { TargetConfig } from '../../harness/options/config/configSchema.ts';
import type { CheckResult } from '../../verdict/RunReport.ts';
import { runConform, type ConformResult } from '../../testing/runConform.ts';
import { runTargets, type TargetsRun } from '../../testing/runTargets.ts';
import { startHostileTarget, type HostileBehaviour, type HostileTarget } from '../../testing/startHostileTarget.ts';

// Two runs at a time: each is a CLI with its own vitest workers.
vi.setConfig({ maxConcurrency: 2 });

const apiKey = `conform-hostile-${randomBytes(12).toString('hex')}`;
const clientSecret = `secret-${randomBytes(12).toString('hex')}`;
const fetchEnv = { SVC_API_KEY: apiKey };
const meetingEnv = { MEETING_CLIENT_ID: 'hostile-client', MEETING_CLIENT_SECRET: clientSecret, MEETING_ACCOUNT_ID: 'hostile-account' };
type Hostile = Exclude<HostileBehaviour, 'redirect'>;

/**
 * Small bounds so each run ends in seconds: 1 s for the deadline the behaviour is to meet, 30 s for the
 * others, so a loaded machine cannot end the exchange on another deadline than the one under test.
 */
function smallBounds(behaviour: Hostile | 'redirect'): { headersTimeout: number; bodyTimeout: number; maxBodyMib: number } {
  return { headersTimeout: behaviour === 'hang' ? 1 : 30, bodyTimeout: behaviour === 'headers-only' || behaviour === 'drip' ? 1 : 30, maxBodyMib: 1 };
}

/** The same as flags. */
function small(behaviour: Hostile | 'redirect'): string[] {
  const b = smallBounds(behaviour);
  return ['--headers-timeout', String(b.headersTimeout), '--body-timeout', String(b.bodyTimeout), '--max-body-mib', String(b.maxBodyMib)];
}

let hostile: HostileTarget;
beforeAll(async () => {
  hostile = await startHostileTarget();
});
afterAll(() => hostile?.close());

/** What each behaviour ends an exchange with, at its small bounds (`headers`: the headers deadline in seconds). */
function reason(behaviour: Hostile, headers = 1): RegExp {
  const n = '[\\d,]+';
  const reasons = {
    hang: `no answer within ${headers} s`,
    'headers-only': 'the body did not end within 1 s \\(0 bytes read\\)',
    endless: 'the body exceeded 1 MiB',
    drip: `the body did not end within 1 s \\(${n} bytes? read\\)`,
    'gzip-bomb': `the body exceeded 1 MiB once decompressed \\(gzip, ${n} bytes on the wire\\)`,
    'huge-headers': 'answered with more than 16 KiB of headers',
  };
  return new RegExp(reasons[behaviour]);
}

const hostileOnly = ['hang', 'headers-only', 'endless', 'drip', 'gzip-bomb', 'huge-headers'] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function expectNoSecrets(r: ConformResult): void {
  const all = `${r.stdout}\n${r.stderr}\n${JSON.stringify(r.report ?? {})}`;
  expect(findSecret(all, secretForms(apiKey))).toBeUndefined();
  expect(findSecret(all, secretForms(clientSecret))).toBeUndefined();
}

/** Every check ended on its own (no check killed by its timeout), and the run is a failed one, not an aborted one. */
function expectFailedInWords(r: ConformResult, checks: readonly CheckResult[], words: RegExp): void {
  expect(r.exitCode, r.stdout.slice(-3000) + r.stderr).toBe(1);
  expect(r.report?.errors).toBeUndefined();
  const failed = checks.filter((c) => c.status === 'failed');
  expect(failed.length).toBeGreaterThan(0);
  for (const c of failed) expect(c.message ?? '', c.id).not.toMatch(/timed out in \d+ms/i);
  const said = failed.map((c) => JSON.stringify([c.message, c.finding, c.evidence])).join('\n');
  expect(said).toMatch(new RegExp(`no HTTP answer[^\\n]*${words.source}`));
  expectNoSecrets(r);
}

describe.concurrent('conform run against a hostile target', () => {
  describe('the URL itself misbehaves: could not run (exit 2), said in words', () => {
    test.for(hostileOnly)('fetch-service, %s', async (behaviour) => {
      const url = hostile.url(behaviour);
      const r = await runConform(['run', 'fetch-service', '--base-url', url, ...small(behaviour)], fetchEnv);
      expect(r.exitCode, r.stderr).toBe(2);
      const lead = behaviour === 'hang' ? `cannot reach --base-url ${url}: ` : `--base-url ${url} gave no usable answer: `;
      expect(r.stderr.trim()).toMatch(new RegExp(`^conform: ${escape(lead)}${reason(behaviour).source}$`));
      expectNoSecrets(r);
    });

    test.for(hostileOnly)('meeting-platform, %s', async (behaviour) => {
      const url = hostile.url(behaviour);
      const r = await runConform(['run', 'meeting-platform', '--auth-url', url, '--api-base-url', url, ...small(behaviour)], meetingEnv);
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`--auth-url ${escape(url)}.*: ${reason(behaviour).source}`));
      expectNoSecrets(r);
    });
  });

  describe('every request below the base URL misbehaves: the checks fail (exit 1), their evidence says why', () => {
    // Each suite's six behaviours side by side in one run, a target each with its own small bounds and a
    // hostile server of its own: a target given up on is given up on by its origin, for the whole run.
    const runs = new Map<string, Promise<TargetsRun>>();
    const sideBySide = (suite: 'fetch-service' | 'meeting-platform'): Promise<TargetsRun> => {
      let run = runs.get(suite);
      if (!run) runs.set(suite, (run = runBehaviours(suite)));
      return run;
    };
    async function runBehaviours(suite: 'fetch-service' | 'meeting-platform'): Promise<TargetsRun> {
      const servers = await Promise.all(hostileOnly.map(() => startHostileTarget()));
      try {
        const targets = Object.fromEntries(
          hostileOnly.map((behaviour, i): [string, TargetConfig] => {
            const base = servers[i]!.base(behaviour);
            const at: TargetConfig = suite === 'fetch-service' ? { suite, baseUrl: base, fetchTimeout: 1 } : { suite, authUrl: base, apiBaseUrl: base };
            return [behaviour, { ...at, ...smallBounds(behaviour) }];
          }),
        );
        return await runTargets(targets, { fuzzRuns: 0 }, [], suite === 'fetch-service' ? fetchEnv : meetingEnv);
      } finally {
        await Promise.all(servers.map((server) => server.close()));
      }
    }

    test.for(hostileOnly)('fetch-service, %s', { timeout: 300_000 }, async (behaviour) => {
      const r = await sideBySide('fetch-service');
      // The service's POSTs wait its fetch timeout on top of the headers deadline: 1 + 1 s.
      expectFailedInWords(r, r.checksOf(behaviour), reason(behaviour, 2));
    });

    test.for(hostileOnly)('meeting-platform, %s', { timeout: 300_000 }, async (behaviour) => {
      const r = await sideBySide('meeting-platform');
      expect(r.exitCode, r.stdout.slice(-3000) + r.stderr).toBe(1);
      const failed = r.checksOf(behaviour).filter((c) => c.status === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      for (const c of failed) expect(c.message ?? '', c.id).not.toMatch(/timed out in \d+ms/i);
      // The first request to the target that got no answer says why: the token request, or an API request
      // that checks sending one without a token sent first (which comes first is the suite files' order).
      // A check whose control needed the token (tokenChecks.ts) is blocked by MP-TOKEN-FLOW, saying why there.
      const said = r.checksOf(behaviour).filter((c) => c.status === 'failed' || c.status === 'blocked');
      expect(said.map((c) => c.message).join('\n')).toMatch(new RegExp(`(POST http://127\\.0\\.0\\.1:\\d+/${behaviour}/oauth/token|GET http://127\\.0\\.0\\.1:\\d+/${behaviour}/v2/\\S+): no HTTP answer: ${reason(behaviour).source}`));
      expectNoSecrets(r);
    });
  });

  test('a target given up on is the run\'s: the suite files after the first send it nothing more', { timeout: 180_000 }, async () => {
    // A target of its own, so that only this run's requests are counted.
    const own = await startHostileTarget();
    try {
      const base = own.base('hang');
      const r = await runConform(['run', 'meeting-platform', '--auth-url', base, '--api-base-url', base, '--fuzz-runs', '0', ...small('hang')], meetingEnv);
      expect(r.exitCode, r.stdout.slice(-3000) + r.stderr).toBe(1);
      // The meeting suite is five files, each in a process of its own. Kept per process, each file gave
      // up only after its own two requests ran into the deadline (6 below the base were sent); kept for
      // the run, the first file's two are all (one more may have been in flight).
      const below = own.requests.filter((q) => q.url.startsWith('/hang/'));
      expect(below.length, below.map((q) => `${q.method} ${q.url}`).join('\n')).toBeLessThanOrEqual(3);
      const messages = r.report!.checks.filter((c) => c.status === 'failed').map((c) => c.message ?? '');
      expect(messages.join('\n')).toMatch(/no HTTP answer: not sent: none of the 2 requests to http:\/\/127\.0\.0\.1:\d+ so far got a complete answer \(the last: no answer within 1 s\)/);
    } finally {
      await own.close();
    }
  });

  test('the default bounds end an endless body too (64 MiB)', { timeout: 180_000 }, async () => {
    const base = hostile.base('endless');
    const r = await runConform(['run', 'meeting-platform', '--auth-url', base, '--api-base-url', base, '--fuzz-runs', '0'], meetingEnv);
    expect(r.exitCode, r.stdout.slice(-3000) + r.stderr).toBe(1);
    // Said of a request cut there, or of the requests not sent once the first were cut: which checks sent
    // the first depends on the load of the machine.
    expect(r.report!.checks.filter((c) => c.status === 'failed').map((c) => c.message).join('\n')).toMatch(/no HTTP answer: (the body exceeded 64 MiB|not sent: none of the \d+ requests to \S+ so far got a complete answer \(the last: the body exceeded 64 MiB\))/);
  });

  describe('a redirect to another origin is not followed: the key, the client secret and the token stay with the target', () => {
    test('fetch-service', { timeout: 180_000 }, async () => {
      const before = hostile.elsewhere.requests.length;
      const r = await runConform(['run', 'fetch-service', '--base-url', hostile.base('redirect'), '--fetch-timeout', '1', '--fuzz-runs', '2', ...small('redirect')], fetchEnv);
      expect(r.exitCode, r.stdout.slice(-3000) + r.stderr).toBe(1);
      // The target was asked (with the key), and answered 302 every time; the origin it named never was.
      expect(hostile.requests.some((q) => q.url.startsWith('/redirect/') && q.headers['x-svc-api-key'] === apiKey)).toBe(true);
      expect(hostile.elsewhere.requests.length).toBe(before);
      expectNoSecrets(r);
    });

    test('meeting-platform', { timeout: 180_000 }, async () => {
      const before = hostile.elsewhere.requests.length;
      const base = hostile.base('redirect');
      const r = await runConform(['run', 'meeting-platform', '--auth-url', base, '--api-base-url', base, '--fuzz-runs', '2', ...small('redirect')], meetingEnv);
      expect(r.exitCode, r.stdout.slice(-3000) + r.stderr).toBe(1);
      expect(hostile.requests.some((q) => q.url.startsWith('/redirect/oauth/token') && String(q.headers.authorization).startsWith('Basic '))).toBe(true);
      expect(hostile.elsewhere.requests.length).toBe(before);
      expectNoSecrets(r);
    });
  });
});
