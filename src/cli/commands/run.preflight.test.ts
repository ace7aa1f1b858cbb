// What makes `conform run` "could not run" is found before any check runs and said on stderr, one line
// each, with exit 2 and nothing on stdout (no check line, no report, no clause list), through the real
// command line. No message names a file of conform's own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
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
