// What makes `conform run` "could not run" is found before any check runs and said on stderr, one line
// each, with exit 2 and nothing on stdout (no check line, no report, no clause list), through the real
// command line. No message names a file of conform's own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startMeetingPlatformServer } from '../../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { startOriginFarm } from '../../../mocks/origin/startOriginFarm.ts';
import { codeRoot } from '../../harness/run/conformanceConfig.ts';
import { startEmbeddedReference } from '../../harness/targets/startFetchServiceTargets.ts';
import { startLocalOrigin } from '../../testing/localOrigin.ts';
import { runConform, type ConformResult } from '../../testing/runConform.ts';

const work = mkdtempSync(join(tmpdir(), 'conform-preflight-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const aFile = join(work, 'a-file');
writeFileSync(aFile, 'not a folder\n');

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const noAccount = { MEETING_CLIENT_ID: '', MEETING_CLIENT_SECRET: '', MEETING_ACCOUNT_ID: '', SVC_API_KEY: '' };

/** The run ended before any check: exit 2, these lines on stderr and nothing else anywhere. */
function refusedWith(r: ConformResult, lines: string[]): void {
  expect(r.stderr).toBe(lines.map((l) => `conform: ${l}\n`).join(''));
  expect(r.stdout).toBe('');
  expect(r.report).toBeUndefined();
  expect(r.exitCode).toBe(2);
  expect(r.stderr).not.toContain(codeRoot);
  expect(r.stderr).not.toMatch(/\.(ts|js)\b/);
}

describe('conform run checks what can make it "could not run" before any check runs', () => {
  test('a meeting platform deployment without the MEETING_* credentials', async () => {
    const r = await runConform(['run', 'meeting-platform', '--auth-url', 'http://127.0.0.1:9', '--api-base-url', 'http://127.0.0.1:9'], noAccount);
    refusedWith(r, ["--auth-url and --api-base-url need the account's credentials: set $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID"]);
  });

  test('a target that does not answer', async () => {
    // Port 9 (discard) on loopback has no listener: connection refused at once.
    const r = await runConform(['run', 'fetch-service', '--base-url', 'http://127.0.0.1:9', '--api-key', 'test-key-1234']);
    expect(r.stderr).toMatch(/^conform: cannot reach --base-url http:\/\/127\.0\.0\.1:9: ECONNREFUSED[^\n]*\n$/);
    expect(r.stdout).toBe('');
    expect(r.exitCode).toBe(2);
  });

  test('a fetch service that cannot fetch from its origin farm: what each listener answered and what to do, before any check', async () => {
    const farm = await startOriginFarm();
    const key = 'test-key-farm-0123456789';
    // The reference admitting only the farm's plain HTTP listener (as README once showed): the TLS ones are refused.
    const service = await startEmbeddedReference(farm, key, { allowHosts: [new URL(farm.httpUrl).host] });
    try {
      const given = await runConform(['run', 'fetch-service', '--base-url', service.url, '--origin-url', farm.httpUrl], { SVC_API_KEY: key });
      const tls = [farm.httpsUrl, farm.expiredTlsUrl, farm.wrongHostTlsUrl].map((u) => escape(`${u}/small`)).join(', (and )?');
      expect(given.stderr).toMatch(new RegExp(`^conform: --base-url ${escape(service.url)} cannot fetch from the origin farm at --origin-url ${escape(farm.httpUrl)}: ${tls} were refused as a destination \\(HTTP 400: .*\\)\\. Let the deployment fetch from .*; the reference admits a farm with conform serve fetch-service --origin-url ${escape(farm.httpUrl)}\\.\\n$`));
      expect(given.stdout).toBe('');
      expect(given.exitCode).toBe(2);
      // No --origin-url: the farm the run starts on loopback, at ports no allowlist names.
      const own = await runConform(['run', 'fetch-service', '--base-url', service.url], { SVC_API_KEY: key });
      expect(own.stderr).toMatch(new RegExp(`^conform: --base-url ${escape(service.url)} cannot fetch from the origin farm this run started on 127\\.0\\.0\\.1 \\(no --origin-url given\\): http://127\\.0\\.0\\.1:\\d+/small was refused as a destination \\(HTTP 403: .*\\); .* were refused as a destination .*start one on fixed ports \\(conform origin --port 8081 --tls-port 8443 --expired-tls-port 8444 --wrong-host-tls-port 8445\\) and give --origin-url http://127\\.0\\.0\\.1:8081\\.\\n$`));
      expect(own.stdout).toBe('');
      expect(own.exitCode).toBe(2);
      for (const r of [given, own]) expect(r.stderr).not.toContain(key);
    } finally {
      await service.close();
      await farm.close();
    }
  });

  test('a key the deployment refuses, a base URL that is not the service, a farm CA it does not trust: each a set-up mistake, said once, before any check', async () => {
    const farm = await startOriginFarm();
    const key = 'test-key-setup-0123456789';
    const service = await startEmbeddedReference(farm, key);
    // The reference with no CA but the system's: the farm's certificate that verifies elsewhere does not here.
    const distrustful = await startEmbeddedReference(farm, key, { trustedCa: [] });
    try {
      const refusedKey = await runConform(['run', 'fetch-service', '--base-url', service.url, '--origin-url', farm.httpUrl], { SVC_API_KEY: `${key}x` });
      refusedWith(refusedKey, [`--base-url ${service.url} refused the API key given for it: POST ${service.url}/v1/fetch with the key in X-SVC-API-Key and a valid body answered 401, application/json ("A valid API key is required in the X-SVC-API-Key header."). Give a key this deployment issued.`]);
      expect(refusedKey.stderr).not.toContain(key);
      // The farm's own port given as the service: a 404 for the operation's path.
      const notService = await runConform(['run', 'fetch-service', '--base-url', farm.httpUrl, '--origin-url', farm.httpUrl], { SVC_API_KEY: key });
      expect(notService.stderr).toMatch(new RegExp(`^conform: --base-url ${escape(farm.httpUrl)} does not answer like a fetch service: POST ${escape(farm.httpUrl)}/v1/fetch with a valid request answered 404[^\n]*\. Give the service's base URL, the address that /v1/fetch is below\.\n$`));
      expect(notService.exitCode).toBe(2);
      expect(notService.report).toBeUndefined();
      // The same service below /v1: the likeliest slip, named.
      const withVersion = await runConform(['run', 'fetch-service', '--base-url', `${service.url}/v1`, '--origin-url', farm.httpUrl], { SVC_API_KEY: key });
      expect(withVersion.stderr).toContain(`does not answer like a fetch service: POST ${service.url}/v1/v1/fetch with a valid request answered 404`);
      expect(withVersion.stderr).toContain('without the /v1 (the operation is /v1/fetch below it)');
      expect(withVersion.exitCode).toBe(2);
      // Every certificate refused, the valid one too: what would have passed FS-TLS-DEFAULT on refusals alone.
      const untrusted = await runConform(['run', 'fetch-service', '--base-url', distrustful.url, '--origin-url', farm.httpUrl], { SVC_API_KEY: key });
      refusedWith(untrusted, [`--base-url ${distrustful.url} could not verify the farm's certificate for ${farm.httpsUrl}/small: fetched without allowInsecureSsl it answered 502, application/json (${JSON.stringify(JSON.parse(untrusted.stderr.match(/answered 502, application\/json \((".*?")\)/)?.[1] ?? '""'))}), where the same page with allowInsecureSsl was fetched. It does not trust the farm's CA: give it the "ca" of ${farm.httpUrl}/__farm/info, or start conform origin with --cert and --key from a CA it trusts; or its own trust store is empty.`]);
      // The control: the same deployment, the key it issued, the farm it trusts, runs.
      const fine = await runConform(['run', 'fetch-service', '--base-url', service.url, '--origin-url', farm.httpUrl, '--grep', 'FS-TLS-VERIFIED'], { SVC_API_KEY: key });
      expect(fine.exitCode, fine.stderr).toBe(0);
      expect(fine.report!.checks.find((c) => c.clause === 'FS-TLS-VERIFIED')?.status).toBe('passed');
    } finally {
      await Promise.all([service.close(), distrustful.close()]);
      await farm.close();
    }
  });

  test("a meeting platform: the account's credentials refused, an auth URL or an API base URL that is not the platform's", async () => {
    const platform = await startMeetingPlatformServer({ host: '127.0.0.1', port: 0, apiPath: '/api' });
    const [account] = platform.accounts;
    const env = { MEETING_CLIENT_ID: account!.clientId, MEETING_CLIENT_SECRET: account!.clientSecret, MEETING_ACCOUNT_ID: account!.accountId };
    const elsewhere = await startLocalOrigin((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>Not Found</body></html>');
    });
    const run = (authUrl: string, apiBaseUrl: string, overrides: Record<string, string> = {}) => runConform(['run', 'meeting-platform', '--auth-url', authUrl, '--api-base-url', apiBaseUrl, '--fuzz-runs', '0'], { ...env, ...overrides });
    try {
      // A secret with a character more: near enough to be a slip, refused as the platform refuses any wrong secret.
      const refused = await run(platform.url, platform.apiBaseUrl, { MEETING_CLIENT_SECRET: `${account!.clientSecret}x` });
      // The platform answers 400 invalid_client, as the real one does: the OAuth error names the credentials.
      refusedWith(refused, [`--auth-url ${platform.url} refused the account's credentials: POST ${platform.url}/oauth/token (HTTP Basic $MEETING_CLIENT_ID:$MEETING_CLIENT_SECRET, grant_type=account_credentials, account_id=$MEETING_ACCOUNT_ID) answered 400, application/json ("invalid_client: Invalid client_id or client_secret"). Check $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET and $MEETING_ACCOUNT_ID: an app's own, of one account.`]);
      expect(refused.stderr).not.toContain(account!.clientSecret);
      const wrongAuth = await run(elsewhere.url, platform.apiBaseUrl);
      refusedWith(wrongAuth, [`--auth-url ${elsewhere.url} does not answer like the platform's token endpoint: POST ${elsewhere.url}/oauth/token (HTTP Basic $MEETING_CLIENT_ID:$MEETING_CLIENT_SECRET, grant_type=account_credentials, account_id=$MEETING_ACCOUNT_ID) answered 404, text/html. Give the address /oauth/token is below (the real platform's is https://zoom.us).`]);
      // The API given without its gateway path: /v2/users/me is not there.
      const wrongApi = await run(platform.url, platform.url);
      refusedWith(wrongApi, [`--api-base-url ${platform.url} does not answer like the platform's API: GET ${platform.url}/v2/users/me with the token --auth-url issued ${wrongApi.stderr.match(/issued (answered 404[^\n]*?)\. Give/)?.[1] ?? 'answered 404'}. Give the address /v2/users/me is below (the real platform's is https://api.zoom.us).`]);
      // The control: the same platform, its account's own credentials, runs.
      const fine = await runConform(['run', 'meeting-platform', '--auth-url', platform.url, '--api-base-url', platform.apiBaseUrl, '--grep', 'MP-TOKEN-INVALID-CLIENT'], env);
      expect(fine.exitCode, fine.stderr).toBe(0);
      expect(fine.report!.checks.find((c) => c.clause === 'MP-TOKEN-INVALID-CLIENT')?.status).toBe('passed');
    } finally {
      await Promise.all([platform.close(), elsewhere.close()]);
    }
  });

  test("a refusal quoted from a service that echoes the key: the key's variable, never the key", async () => {
    const key = 'test-key-echoed-0123456789';
    const farm = await startOriginFarm();
    const echoing = await startLocalOrigin((req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 403, error: 'Forbidden', message: `destination not permitted for ${String(req.headers['x-svc-api-key'])}` }));
    });
    try {
      const r = await runConform(['run', 'fetch-service', '--base-url', echoing.url, '--origin-url', farm.httpUrl], { SVC_API_KEY: key });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain('were refused as a destination (HTTP 403: "destination not permitted for $SVC_API_KEY")');
      expect(r.stderr).not.toContain(key);
    } finally {
      await echoing.close();
      await farm.close();
    }
  });

  test('validators that cannot run: not found, or breaking on a valid case', async () => {
    const r = await runConform(['run', 'unit-record', '--validator', 'nosuchcmd', '--validator-set', 'exit 3 #']);
    expect(r.stderr.split('\n')[0]).toMatch(/^conform: --validator "nosuchcmd" cannot run: it exited 127 on a valid record: .*nosuchcmd: not found$/);
    refusedWith(r, [r.stderr.split('\n')[0]!.slice('conform: '.length), '--validator-set "exit 3 #" cannot run: it exited 3 on a valid set']);
  });

  test('report files that cannot be written, each named, nothing left behind', async () => {
    const r = await runConform(['run', 'unit-record', '--report', `html=${join(aFile, 'x.html')}`, '--report', `blob=${join(aFile, 'blobs')}`, '--report', `json=${join(work, 'ok', 'r.json')}`]);
    refusedWith(r, [
      `--report html=${join(aFile, 'x.html')} cannot be written: ${aFile} is a file, not a folder`,
      `--report blob=${join(aFile, 'blobs')} cannot be written: ${aFile} is a file, not a folder`,
    ]);
  });

  test('a --grep that selects no check', async () => {
    const r = await runConform(['run', 'unit-record', 'meeting-platform', '--grep', 'NOTHINGMATCHES']);
    refusedWith(r, ['--grep NOTHINGMATCHES selects no check; clause ids look like UR-ID, MP-ME-200']);
  });

  test('a --shard past the suites\' files', async () => {
    const r = await runConform(['run', 'unit-record', '--shard', '3/3']);
    refusedWith(r, ['--shard 3/3 selects no check: the suites run hold 2 files, so at most 2 shards']);
  });

  test('several problems at once, one line each', async () => {
    const r = await runConform(['run', 'unit-record', '--validator', 'exit 2 #', '--report', `junit=${join(aFile, 'j.xml')}`]);
    refusedWith(r, ['--validator "exit 2 #" cannot run: it exited 2 on a valid record', `--report junit=${join(aFile, 'j.xml')} cannot be written: ${aFile} is a file, not a folder`]);
  });

  test('a --grep that selects some checks runs them, in every shard of a split run', async () => {
    const r = await runConform(['run', 'unit-record', '--grep', 'UR-OBJECT']);
    expect(r.exitCode, r.stderr).toBe(0);
    const ran = r.report!.checks.filter((c) => c.status === 'passed').map((c) => c.clause);
    expect(ran).toContain('UR-OBJECT');
    expect(ran.every((clause) => clause.startsWith('UR-OBJECT'))).toBe(true);
    // The grep selects checks of one file only; the shard holding the other is no mistake.
    for (const shard of ['1/2', '2/2']) expect((await runConform(['run', 'unit-record', '--grep', 'UR-OBJECT', '--shard', shard])).exitCode, shard).toBe(0);
  });
});
