// `conform init` writes a commented config for a suite that `conform run` refuses, naming what to fill
// in, until it is filled in and its variables set; then the run takes it. It never overwrites a config.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OriginFarm } from '../../../mocks/origin/startOriginFarm.ts';
import { startBrokenService, variantTimeoutSeconds } from '../../../suites/fetch-service/fixtures/startBrokenService.ts';
import { suiteNames } from '../../catalogue/suites.ts';
import { startWarmFarm } from '../../harness/targets/startFetchServiceTargets.ts';
import { runConform } from '../../testing/runConform.ts';

const key = `conform-init-${randomBytes(12).toString('hex')}`;
const work = mkdtempSync(join(tmpdir(), 'conform-init-'));
let farm: OriginFarm;
let service: { url: string; close(): Promise<void> };

beforeAll(async () => {
  farm = await startWarmFarm();
  service = await startBrokenService(farm, key, {});
}, 60_000);

afterAll(async () => {
  await service?.close();
  await farm?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('conform init', () => {
  test('writes a config for a suite, says what to fill in; run refuses it until it is, then takes it', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(work, 'fetch-'));
    const init = await runConform(['init', 'fetch-service'], {}, { cwd: dir });
    expect(init.exitCode, init.stderr).toBe(0);
    expect(init.stdout.split('\n')).toEqual([
      'wrote conform.config.ts; fill in:',
      '  targets.staging.baseUrl  the URL of your fetch service (the part before /v1/fetch)',
      '  $STAGING_SVC_API_KEY     its API key, in the environment (in CI: a secret)',
      'then run every target in it with `npx conform run` (`npx conform run --help` for more)',
      '',
    ]);
    const file = join(dir, 'conform.config.ts');
    const written = readFileSync(file, 'utf8');
    expect(written).toContain("import type { ConformConfig } from 'conform-harness';");
    expect(written).not.toMatch(/meeting-platform|unit-record/);

    // As written: the placeholder and the variable, one line each, nothing contacted.
    const refused = await runConform(['run'], { STAGING_SVC_API_KEY: '' }, { cwd: dir });
    expect(refused.stderr).toBe(
      [
        'conform: conform.config.ts: targets.staging.baseUrl still holds the placeholder <URL of your fetch service>: fill it in',
        'conform: conform.config.ts: targets.staging.apiKeyEnv: $STAGING_SVC_API_KEY is not set',
        '',
      ].join('\n'),
    );
    expect(refused.exitCode).toBe(2);

    // Filled in as its comments say (the service, the farm it can reach, its timeout), the variable set.
    const filled = written
      .replace("'<URL of your fetch service>'", `'${service.url}'`)
      .replace(/\/\/ originUrl: '[^']*',/, `originUrl: '${farm.httpUrl}',`)
      .replace('// fetchTimeout: 60,', `fetchTimeout: ${variantTimeoutSeconds},`);
    writeFileSync(file, filled);
    const r = await runConform(['run', '--fuzz-runs', '0', '--grep', 'FS-AUTH-'], { STAGING_SVC_API_KEY: key }, { cwd: dir });
    expect(r.exitCode, r.stdout.slice(-2000) + r.stderr).toBe(0);
    expect(r.report!.target).toEqual({ 'fetch-service': ['staging'] });
    expect(r.report!.checks.filter((c) => c.status === 'passed').map((c) => c.clause).sort()).toEqual(['FS-AUTH-HEADER-ONLY', 'FS-AUTH-KEY', 'FS-AUTH-REQUIRED']);
    // The report files it names, relative to the config.
    expect(readFileSync(join(dir, 'reports', 'conform.md'), 'utf8')).toMatch(/^## conform: ✅ PASS/);
  });

  test('without a suite: a target of each; run names every placeholder and variable, one line each', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(work, 'all-'));
    const init = await runConform(['init'], {}, { cwd: dir });
    expect(init.exitCode).toBe(0);
    for (const name of ['targets.fetch-staging.baseUrl', 'targets.meeting-staging.authUrl', 'targets.meeting-staging.apiBaseUrl', 'targets.my-validator.validator', '$MEETING_STAGING_MEETING_CLIENT_SECRET']) expect(init.stdout).toContain(name);
    const text = readFileSync(join(dir, 'conform.config.ts'), 'utf8');
    for (const suite of suiteNames) expect(text).toContain(`suite: '${suite}'`);
    const refused = await runConform(['run'], {}, { cwd: dir });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr.split('\n').filter(Boolean)).toEqual([
      'conform: conform.config.ts: targets.fetch-staging.baseUrl still holds the placeholder <URL of your fetch service>: fill it in',
      'conform: conform.config.ts: targets.fetch-staging.apiKeyEnv: $FETCH_STAGING_SVC_API_KEY is not set',
      'conform: conform.config.ts: targets.meeting-staging.authUrl still holds the placeholder <URL of its OAuth server>: fill it in',
      'conform: conform.config.ts: targets.meeting-staging.apiBaseUrl still holds the placeholder <URL of its API>: fill it in',
      'conform: conform.config.ts: targets.meeting-staging.clientIdEnv: $MEETING_STAGING_MEETING_CLIENT_ID is not set',
      'conform: conform.config.ts: targets.meeting-staging.clientSecretEnv: $MEETING_STAGING_MEETING_CLIENT_SECRET is not set',
      'conform: conform.config.ts: targets.meeting-staging.accountIdEnv: $MEETING_STAGING_MEETING_ACCOUNT_ID is not set',
      'conform: conform.config.ts: targets.my-validator.validator still holds the placeholder <command>: fill it in',
    ]);
  });

  test('refuses to overwrite a config, and an unknown suite: exit 2, one line, the file untouched', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(work, 'exists-'));
    writeFileSync(join(dir, 'conform.config.ts'), 'export default {};\n');
    const again = await runConform(['init', 'unit-record'], {}, { cwd: dir });
    expect(again.stderr).toBe('conform: conform.config.ts exists already: conform init leaves it as it is\n');
    expect(again.exitCode).toBe(2);
    expect(readFileSync(join(dir, 'conform.config.ts'), 'utf8')).toBe('export default {};\n');
    const unknown = await runConform(['init', 'fetch'], {}, { cwd: dir });
    expect(unknown.stderr).toBe('conform: unknown suite fetch; choose from fetch-service, meeting-platform, unit-record\n');
    expect(unknown.exitCode).toBe(2);
  });
});
