// `conform proxy meeting-platform --record FILE`, as a user runs it: a recording of the meeting mock
// itself, made through the proxy while a correct app walks it, served again by a second mock with the
// file as its data. The second mock lists the same meetings in the same order, and the meeting suite
// passes against it; the file holds no secret of the first (client id and secret, tokens, passcodes).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { MeetingPlatformSeed } from '../../mocks/meeting-platform/seedTypes.ts';
import { startMeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { runAgainst, checksOf, failedClauses } from '../../suites/meeting-platform/fixtures/variantRuns.ts';
import { correctSession, MeetingClient, type MeetingClientOptions } from '../client/fixtures/meetingPlatformClients.ts';
import { runConform } from '../testing/runConform.ts';
import { conformBin, exitOf, startServerCommand } from '../testing/startServerCommand.ts';

const cleanUps: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanUps.splice(0)) await c();
});

/** The meeting UUIDs of the account's "me", in the order its list gives them, walked to the end. */
async function listed(o: MeetingClientOptions): Promise<string[]> {
  return (await new MeetingClient(o).meetings()).map((m) => m.uuid);
}

test('a recording of the mock through the proxy, served again by a second mock: the same meetings in the same order, and the meeting suite passes', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'conform-record-'));
  cleanUps.push(() => rm(dir, { recursive: true, force: true }));
  const first = await startMeetingPlatformServer({ apiPath: '/api' });
  cleanUps.push(() => first.close());
  const account = first.accounts[0]!;
  const file = join(dir, 'recorded.json');
  const args = ['proxy', 'meeting-platform', '--target', first.apiBaseUrl, '--auth-target', first.url, '--port', '0', '--record', file];
  const started = await startServerCommand([process.execPath, conformBin, ...args], /Recording what the deployment answers/, { env: { ...process.env, MEETING_CLIENT_SECRET: account.clientSecret } });
  cleanUps.push(started.cleanUp);
  let output = '';
  started.launcher.stdout!.on('data', (d: string) => (output += d));
  const proxyUrl = `http://127.0.0.1:${started.ports[0]}`;

  // A correct app through the proxy: the token, me, the whole list, every meeting by id and by UUID.
  const throughProxy: MeetingClientOptions = { authUrl: proxyUrl, apiBaseUrl: proxyUrl, credentials: account };
  await correctSession(throughProxy);
  const original = await listed(throughProxy);
  started.launcher.kill('SIGTERM');
  expect(await exitOf(started.launcher)).toEqual([0, null]);
  expect(output.split('\n')).toContain(`recorded 1 user, ${original.length} meetings: ${file}`);
  // Written whole, then renamed into place: no temporary file is left.
  expect(await readdir(dir)).toEqual(['recorded.json']);

  const text = await readFile(file, 'utf8');
  for (const secret of [account.clientSecret, account.clientId, 'pwd=', '"password"', 'start_url']) expect(text).not.toContain(secret);
  const data = JSON.parse(text) as MeetingPlatformSeed;
  expect(data.meetings.length).toBe(original.length);
  expect(data.users[0]).toMatchObject({ account_id: account.accountId });

  // The second mock is `conform mock meeting-platform --data FILE`, as a user serves a recording: the
  // file passes the loader's checks (checkMeetingData) for the recorded account, and the second mock
  // serves it to an app of its own: the same list, in the same order.
  const secondAccount = { clientId: 'SecondMockClientId0001', clientSecret: 'second-mock-secret-0001', accountId: data.users[0]!.account_id };
  const secondEnv = { ...process.env, MEETING_CLIENT_ID: secondAccount.clientId, MEETING_CLIENT_SECRET: secondAccount.clientSecret, MEETING_ACCOUNT_ID: secondAccount.accountId };
  const served = await startServerCommand([process.execPath, conformBin, 'mock', 'meeting-platform', '--port', '0', '--data', file], /Its client is judged/, { env: secondEnv });
  cleanUps.push(served.cleanUp);
  const secondUrl = `http://127.0.0.1:${served.ports[0]}`;
  const held = (await (await fetch(`${secondUrl}/__conform/data`, { signal: AbortSignal.timeout(10_000) })).json()) as MeetingPlatformSeed;
  expect([held.users.length, held.meetings.length]).toEqual([data.users.length, data.meetings.length]);
  const second: MeetingClientOptions = { authUrl: secondUrl, apiBaseUrl: secondUrl, credentials: secondAccount };
  expect(await listed(second)).toEqual(original);
  expect((await new MeetingClient(second).me()).id).toBe(data.users[0]!.id);

  // The meeting suite, as `conform run` runs it against a deployment: it passes against the recording.
  const run = await runConform(['run', 'meeting-platform', '--auth-url', secondUrl, '--api-base-url', secondUrl], {
    MEETING_CLIENT_ID: secondAccount.clientId,
    MEETING_CLIENT_SECRET: secondAccount.clientSecret,
    MEETING_ACCOUNT_ID: secondAccount.accountId,
  });
  expect(failedClauses(checksOf(run)), run.stderr).toEqual([]);
  expect(run.exitCode, run.stderr).toBe(0);
  // Every clause it passes against the mock recorded, it passes against the recording, none left unjudged.
  const passed = (checks: ReturnType<typeof checksOf>) => [...new Set(checks.filter((c) => c.status === 'passed').map((c) => c.clause))].sort();
  expect(checksOf(run).filter((c) => c.status !== 'passed')).toEqual([]);
  expect(passed(checksOf(run))).toEqual(passed(checksOf(await runAgainst(first))));
  expect(passed(checksOf(run)).length).toBeGreaterThan(10);
}, 180_000);

test('--record into a folder that cannot be made, or --anonymize without --record: a usage error (exit 2) before it listens', async () => {
  const unwritable = await runConform(['proxy', 'meeting-platform', '--target', 'http://127.0.0.1:9', '--port', '0', '--record', '/proc/conform/recorded.json']);
  expect(unwritable.exitCode).toBe(2);
  expect(unwritable.stderr).toMatch(/^conform: --record \/proc\/conform\/recorded\.json cannot be written: /);
  const alone = await runConform(['proxy', 'fetch-service', '--target', 'http://127.0.0.1:9', '--port', '0', '--anonymize']);
  expect(alone.exitCode).toBe(2);
  expect(alone.stderr).toMatch(/^conform: --anonymize applies to a recording: give --record FILE too/);
}, 60_000);
