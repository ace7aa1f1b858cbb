import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { demoAccount } from '../../../mocks/meeting-platform/demoAccount.ts';
import { runConform } from '../../testing/runConform.ts';
import { requestToken } from '../../meeting-platform/platformRequests.ts';
import { defaultLimits } from '../../exchange/exchangeLimits.ts';

const bin = fileURLToPath(new URL('../../../bin/conform.js', import.meta.url));
const envAccount = { MEETING_CLIENT_ID: 'env-client-id', MEETING_CLIENT_SECRET: 'env-secret-never-printed', MEETING_ACCOUNT_ID: 'env-account' };
const noAccount = { MEETING_CLIENT_ID: '', MEETING_CLIENT_SECRET: '', MEETING_ACCOUNT_ID: '' };

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** `conform mock meeting-platform` in a child process, once it prints where it listens. */
async function startMock(args: string[], env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [bin, 'mock', 'meeting-platform', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found) {
        clearInterval(timer);
        resolve(found[1]!);
      }
    }, 20);
    void exit.then(() => {
      clearInterval(timer);
      reject(new Error(`conform mock exited early:\n${output}`));
    });
  });
  return { child, url, output: () => output, exit };
}

describe('conform mock meeting-platform', () => {
  // A whole `conform run meeting-platform` inside: minutes on a busy machine, not the default 30 s.
  test('serves the demo account, says how to run the suite against it, and stops on SIGTERM', async ({ signal }) => {
    const mock = await startMock(['--port', '0'], noAccount);
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.output()).toContain(`client secret  ${demoAccount.clientSecret}`);
    expect(mock.output()).toContain(`conform run meeting-platform --auth-url ${mock.url} --api-base-url ${mock.url}`);

    const run = await runConform(['run', 'meeting-platform', '--auth-url', mock.url, '--api-base-url', mock.url], {
      MEETING_CLIENT_ID: demoAccount.clientId,
      MEETING_CLIENT_SECRET: demoAccount.clientSecret,
      MEETING_ACCOUNT_ID: demoAccount.accountId,
    }, { signal });
    expect(run.report?.checks.filter((c) => c.status !== 'passed'), run.stdout).toEqual([]);
    expect(run.exitCode).toBe(0);

    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
  }, 180_000);

  test('serves the account in the environment without printing its secret', async () => {
    const mock = await startMock(['--port', '0'], envAccount);
    expect(mock.output()).toContain('env-client-id');
    expect(mock.output()).not.toContain(envAccount.MEETING_CLIENT_SECRET);
    const token = await requestToken({ authUrl: mock.url, credentials: { clientId: 'env-client-id', clientSecret: envAccount.MEETING_CLIENT_SECRET, accountId: 'env-account' }, limits: defaultLimits });
    expect(token.status).toBe(200);
  });

  test('two mocks given one secret accept each other\'s tokens (a load-balanced pair), never printing it', async () => {
    const secret = 'shared-signing-secret-never-printed';
    const [first, second] = await Promise.all([startMock(['--port', '0', '--secret', secret], noAccount), startMock(['--port', '0'], { ...noAccount, CONFORM_MOCK_SECRET: secret })]);
    const token = await requestToken({ authUrl: first.url, credentials: demoAccount, limits: defaultLimits });
    const accessToken = (token.json as { access_token: string }).access_token;
    const me = await fetch(`${second.url}/v2/users/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(200);
    for (const mock of [first, second]) {
      expect(mock.output()).toMatch(/tokens: signed with the secret from (--secret|\$CONFORM_MOCK_SECRET) \(not shown\)/);
      expect(mock.output()).not.toContain(secret);
    }
  });

  test('--help shows the credentials and data it would start with, never a secret from the environment', async () => {
    const demo = await runConform(['mock', 'meeting-platform', '--help'], noAccount);
    expect(demo.exitCode).toBe(0);
    expect(demo.stdout).toContain(demoAccount.clientSecret);
    expect(demo.stdout).toMatch(/"me" is ada\.owner@example\.com with 47 meetings/);
    expect(demo.stdout).toMatch(/percent-encoded twice/);
    const own = await runConform(['mock', 'meeting-platform', '--help'], envAccount);
    expect(own.stdout).toContain('env-client-id');
    expect(own.stdout).not.toContain(envAccount.MEETING_CLIENT_SECRET);
  });

  test('bad flags and half-set credentials exit 2 with one line', async () => {
    for (const [args, env, message] of [
      [['--port', '70000'], noAccount, /--port takes a whole number from 0 to 65535; got "70000"/],
      [['--error-rate', '2'], noAccount, /--error-rate takes a number from 0 to 1; got "2"/],
      [['--secret', ''], noAccount, /--secret must not be empty/],
      [['--port', '0'], { ...noAccount, MEETING_CLIENT_ID: 'only-this' }, /missing MEETING_CLIENT_SECRET, MEETING_ACCOUNT_ID/],
    ] as const) {
      const result = await runConform(['mock', 'meeting-platform', ...args], env);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });
});
