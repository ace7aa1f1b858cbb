// `conform proxy … --client-report`: as a user starts it, in front of a deployment whose API errors are
// HTML pages, with an app that encodes a UUID once; on SIGTERM the report files hold both findings, the
// deployment's and the app's, in the formats of conform run --report, and no secret.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { brokenVariants } from '../../../suites/meeting-platform/fixtures/brokenVariants.ts';
import { startVariantServer } from '../../../suites/meeting-platform/fixtures/variantRuns.ts';
import { uuidEncodedOnce } from '../../client/fixtures/meetingPlatformClients.ts';
import type { RunReport } from '../../verdict/RunReport.ts';
import { runConform } from '../../testing/runConform.ts';
import { conformBin, exitOf, startServerCommand } from '../../testing/startServerCommand.ts';

const cleanUps: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanUps.splice(0)) await c();
});

test('conform proxy meeting-platform --client-report json=… --client-report markdown=…: on SIGTERM the files hold the deployment\'s findings and the client\'s', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'conform-proxy-'));
  cleanUps.push(() => rm(dir, { recursive: true, force: true }));
  const server = await startVariantServer(brokenVariants.find((v) => v.name === 'html-api-errors'));
  cleanUps.push(() => server.close());
  const account = server.accounts[0]!;
  const json = join(dir, 'proxy.json');
  const markdown = join(dir, 'proxy.md');
  const args = ['proxy', 'meeting-platform', '--target', server.apiBaseUrl, '--auth-target', server.url, '--port', '0', '--client-report', `json=${json}`, '--client-report', `markdown=${markdown}`];
  const started = await startServerCommand([process.execPath, conformBin, ...args], /Both sides are judged/, { env: { ...process.env, MEETING_CLIENT_SECRET: account.clientSecret } });
  cleanUps.push(started.cleanUp);
  let output = '';
  started.launcher.stdout!.on('data', (d: string) => (output += d));
  const url = `http://127.0.0.1:${started.ports[0]}`;

  // The UUID that starts with "/", sent encoded once, reaches the platform as another: 404, here an HTML page.
  expect(await uuidEncodedOnce({ authUrl: url, apiBaseUrl: url, credentials: account })).toBe(404);
  started.launcher.kill('SIGTERM');
  expect(await exitOf(started.launcher)).toEqual([0, null]);
  expect(output).toMatch(/^deployment: 3 MUST clauses failed \(MP-JSON-ONLY, MP-API-ERROR-BODY, MP-SPEC-RESPONSE\), \d+ passed, \d+ not judged/m);
  expect(output).toMatch(/^client: 1 MUST clause failed \(MP-CLIENT-ID-ENCODING\), \d+ passed, \d+ not judged/m);
  expect(output).toContain(`wrote json report: ${json}`);

  const report = JSON.parse(await readFile(json, 'utf8')) as RunReport;
  const deployment = `meeting platform at ${server.apiBaseUrl}`;
  expect(report.target).toEqual({ 'meeting-platform': [deployment, 'client'] });
  const failed = report.checks.filter((c) => c.status === 'failed');
  expect(failed.map((c) => `${c.target === 'client' ? 'client' : 'deployment'} ${c.clause}`)).toEqual(['deployment MP-JSON-ONLY', 'deployment MP-API-ERROR-BODY', 'deployment MP-SPEC-RESPONSE', 'client MP-CLIENT-ID-ENCODING']);
  const errorBody = failed.find((c) => c.clause === 'MP-API-ERROR-BODY')!;
  expect(errorBody.message).toMatch(/^#\d+ GET \/api\/v2\/meetings\/%2F\S+: an HTML page where a JSON error was due/);
  // The reproduction sends the request to the deployment, the token got from the deployment's auth URL.
  expect(errorBody.reproduction).toContain(`${server.apiBaseUrl}/v2/meetings/%2F`);
  expect(errorBody.reproduction).toContain(`${server.url}/oauth/token`);
  expect(JSON.stringify(report)).not.toContain(account.clientSecret);
  const text = await readFile(markdown, 'utf8');
  expect(text).toContain('MP-API-ERROR-BODY');
  expect(text).toContain('MP-CLIENT-ID-ENCODING');
  expect(text).not.toContain(account.clientSecret);
}, 60_000);

test('conform proxy without --target, or with a report file it cannot write, is a usage error (exit 2) before it listens', async () => {
  const missing = await runConform(['proxy', 'fetch-service', '--port', '0']);
  expect(missing.exitCode).toBe(2);
  expect(missing.stderr).toMatch(/required option '--target <url>' not specified/);
  const unwritable = await runConform(['proxy', 'fetch-service', '--target', 'http://127.0.0.1:9', '--port', '0', '--client-report', 'json=/proc/conform/report.json']);
  expect(unwritable.exitCode).toBe(2);
  expect(unwritable.stderr).toMatch(/^conform: --client-report json=\/proc\/conform\/report\.json cannot be written: /);
}, 60_000);
