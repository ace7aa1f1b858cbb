import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ReportFile } from '../../verdict/reportFiles.ts';
import { RunError } from '../../verdict/RunError.ts';
import { runNamed, type RunNamedOptions } from './runNamed.ts';

const dir = mkdtempSync(join(tmpdir(), 'conform-run-named-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'conform.config.json');
writeFileSync(
  config,
  JSON.stringify({
    targets: { staging: { suite: 'fetch-service', baseUrl: 'http://127.0.0.1:9', apiKeyEnv: 'NAMED_RUN_KEY' }, 'unit-record': { suite: 'unit-record', validator: 'true' } },
    report: [{ format: 'json', path: 'reports/run.json' }, { format: 'markdown', path: 'reports/run.md' }],
  }),
);

/** The RunError runNamed refuses with, and the report files it said the run would write. */
async function refusal(names: string[], options: RunNamedOptions): Promise<{ message: string; reports?: ReportFile[] }> {
  let reports: ReportFile[] | undefined;
  const error = await runNamed(names, { ...options, onReportFiles: (files) => (reports = files) }).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(RunError);
  return { message: (error as RunError).message, ...(reports && { reports }) };
}

describe('runNamed', () => {
  test("tells a config's targets from suites, refusing a name that is both or neither before anything runs", async () => {
    const { message, reports } = await refusal(['unit-record', 'prod'], { config });
    expect(message.split('\n')).toEqual([
      '"unit-record" is both a suite and a target of ' + config + ': rename the target',
      `unknown suite or target "prod": the suites are fetch-service, meeting-platform, unit-record; ${config} names the targets staging, unit-record`,
    ]);
    expect(reports).toBeUndefined();
  });

  test("runs a named target with the config's report files, a format given taking the place of the config's", async () => {
    const given: ReportFile = { format: 'json', path: join(dir, 'given.json') };
    // --validator is for unit-record, not the staging target's suite: run() refuses it, after the config is read.
    const { message, reports } = await refusal(['staging'], { config, report: [given], validator: ['true'] });
    expect(message).toContain('--validator applies to the unit-record suite');
    expect(reports).toEqual([{ format: 'markdown', path: join(dir, 'reports/run.md') }, given]);
  });

  test('reads no config with config false: every name is a suite', async () => {
    const { message, reports } = await refusal(['staging'], { config: false });
    expect(message).toBe('unknown suite staging; choose from fetch-service, meeting-platform, unit-record');
    expect(reports).toEqual([]);
  });

  test('without config, reads the nearest config file, here or in a folder above', async () => {
    const deeper = join(dir, 'sub', 'deeper');
    mkdirSync(deeper, { recursive: true });
    const cwd = process.cwd();
    process.chdir(deeper);
    try {
      const { message } = await refusal(['prod'], {});
      expect(message).toContain(`unknown suite or target "prod"`);
      expect(message).toContain('names the targets staging, unit-record');
    } finally {
      process.chdir(cwd);
    }
  });
});
