// `conform mock … --client-report`: a faulty client against the mock as a user starts it; on SIGTERM the
// report files hold the finding, in the formats of conform run --report.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { demoAccount } from '../../../mocks/meeting-platform/demoAccount.ts';
import type { RunReport } from '../../verdict/RunReport.ts';
import { uuidEncodedOnce } from '../../client/fixtures/meetingPlatformClients.ts';
import { insecureLoopback } from '../../client/fixtures/fetchServiceClients.ts';
import { runConform } from '../../testing/runConform.ts';
import { conformBin, exitOf, startServerCommand, type StartedServerCommand } from '../../testing/startServerCommand.ts';

const cleanUps: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanUps.splice(0)) await c();
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'conform-client-report-'));
  cleanUps.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The command started, its later output collected. */
async function start(args: string[], env: NodeJS.ProcessEnv): Promise<{ started: StartedServerCommand; url: string; output: () => string }> {
  let output = '';
  const started = await startServerCommand([process.execPath, conformBin, ...args], /Its client is judged/, { env: { ...process.env, ...env } });
  cleanUps.push(started.cleanUp);
  started.launcher.stdout!.on('data', (d: string) => (output += d));
  return { started, url: `http://127.0.0.1:${started.ports[0]}`, output: () => output };
}

test('conform mock meeting-platform --client-report json=… --client-report html=…: on SIGTERM the files hold the finding', async () => {
  const dir = await folder();
  const json = join(dir, 'client.json');
  const html = join(dir, 'client.html');
  const noAccount = { MEETING_CLIENT_ID: '', MEETING_CLIENT_SECRET: '', MEETING_ACCOUNT_ID: '' };
  const mock = await start(['mock', 'meeting-platform', '--port', '0', '--client-report', `json=${json}`, '--client-report', `html=${html}`], noAccount);
  expect(await uuidEncodedOnce({ authUrl: mock.url, apiBaseUrl: mock.url, credentials: demoAccount })).toBe(404);

  mock.started.launcher.kill('SIGTERM');
  expect(await exitOf(mock.started.launcher)).toEqual([0, null]);
  expect(mock.output()).toMatch(/client report: 1 MUST clause failed \(MP-CLIENT-ID-ENCODING\), \d+ passed, \d+ not judged/);
  expect(mock.output()).toContain(`wrote json client report: ${json}`);

  const report = JSON.parse(await readFile(json, 'utf8')) as RunReport;
  expect(report.target).toEqual({ 'meeting-platform': ['client'] });
  const failed = report.checks.filter((c) => c.status === 'failed');
  expect(failed.map((c) => c.clause)).toEqual(['MP-CLIENT-ID-ENCODING']);
  expect(failed[0]!.message).toMatch(/this UUID starts with "\/"; the platform decodes a path once, so it must be encoded twice: %252F/);
  expect(failed[0]!.reproduction).toContain(`${mock.url}/v2/meetings/%2F`);
  // What it did not judge is said (no 429 came), and the demo secret stays a variable.
  expect(report.checks.find((c) => c.clause === 'MP-CLIENT-RETRY-AFTER')).toMatchObject({ status: 'skipped', message: 'not judged: no request exercised it' });
  expect(report.checks.find((c) => c.clause === 'MP-CLIENT-ID-ENCODING')!.notJudged?.map((n) => n.path)).toContain('double-slash');
  expect(JSON.stringify(report)).not.toContain(demoAccount.clientSecret);
  const page = await readFile(html, 'utf8');
  expect(page).toContain('MP-CLIENT-ID-ENCODING');
  expect(page).toContain('%252F');
}, 60_000);

test('conform mock fetch-service serves the client report while it runs, and refuses a report file it cannot write before it starts', async () => {
  const mock = await start(['mock', 'fetch-service', '--port', '0'], { SVC_API_KEY: 'client-report-test-key' });
  expect(await insecureLoopback({ baseUrl: mock.url, apiKey: 'client-report-test-key' })).toBe(400);
  const report = (await (await fetch(`${mock.url}/__conform/client-report`)).json()) as RunReport;
  expect(report.checks.filter((c) => c.status === 'failed').map((c) => c.clause)).toEqual(['FS-CLIENT-INSECURE-PRIVATE']);
  expect(JSON.stringify(report)).not.toContain('client-report-test-key');
  mock.started.launcher.kill('SIGTERM');
  await exitOf(mock.started.launcher);
  expect(mock.output()).toContain('client report: 1 MUST clause failed (FS-CLIENT-INSECURE-PRIVATE)');

  const dir = await folder();
  const refused = await runConform(['mock', 'fetch-service', '--port', '0', '--client-report', `json=${dir}`]);
  expect(refused.exitCode).toBe(2);
  expect(refused.stderr).toContain(`--client-report json=${dir} cannot be written: it is a folder`);
  const unknown = await runConform(['mock', 'fetch-service', '--client-report', 'pdf=x.pdf']);
  expect(unknown.exitCode).toBe(2);
  expect(unknown.stderr).toContain('--client-report takes FORMAT=PATH with FORMAT one of json, junit, html, markdown; got "pdf=x.pdf"');
}, 60_000);
