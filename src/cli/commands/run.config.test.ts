// `conform run` with a config file, through the real command line: named targets run side by side and
// make one matrix (JSON, console, Markdown, HTML in Chromium); --with-reference adds the reference's
// column and its answers where they differ; flags override the file; every malformed config is refused
// in one line naming the file and the key path (exit 2, nothing run). The targets: a correct fetch
// service and one that serves requests without a key (the suite's own broken variant), on loopback.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OriginFarm } from '../../../mocks/origin/startOriginFarm.ts';
import { brokenVariants } from '../../../suites/fetch-service/fixtures/brokenVariants.ts';
import { startBrokenService, variantTimeoutSeconds } from '../../../suites/fetch-service/fixtures/startBrokenService.ts';
import { findSecret, secretForms } from '../../exchange/secretForms.ts';
import { startWarmFarm } from '../../harness/targets/startFetchServiceTargets.ts';
import { chromiumPath, renderInChromium } from '../../testing/headlessChromium.ts';
import { runConform, type ConformResult } from '../../testing/runConform.ts';

const stagingKey = `conform-staging-${randomBytes(12).toString('hex')}`;
const brokenKey = `conform-broken-${randomBytes(12).toString('hex')}`;
const env = { STAGING_KEY: stagingKey, BROKEN_KEY: brokenKey, SVC_API_KEY: '' };
const needsNoKey = brokenVariants.find((v) => v.name === 'needs no key')!;

const work = mkdtempSync(join(tmpdir(), 'conform-config-run-'));
let farm: OriginFarm;
let services: Array<{ url: string; close(): Promise<void> }> = [];

/** The config file of the project in `work`: two named loopback targets, generated requests off, report files of its own. */
function writeConfig(dir: string): void {
  const [staging, broken] = services;
  const target = (url: string, variable: string) => `{ suite: 'fetch-service', baseUrl: '${url}', apiKeyEnv: '${variable}', originUrl: '${farm.httpUrl}', fetchTimeout: ${variantTimeoutSeconds} }`;
  writeFileSync(
    join(dir, 'conform.config.ts'),
    `import type { ConformConfig } from 'conform-harness';

const fuzzRuns: number = 0;
export default {
  targets: {
    staging: ${target(staging!.url, 'STAGING_KEY')},
    broken: ${target(broken!.url, 'BROKEN_KEY')},
  },
  fuzzRuns,
  seed: 3,
  report: [
    { format: 'json', path: 'reports/from-config.json' },
    { format: 'markdown', path: 'reports/conform.md' },
    { format: 'html', path: 'reports/conform.html' },
  ],
} satisfies ConformConfig;
`,
  );
}

beforeAll(async () => {
  farm = await startWarmFarm();
  services = [await startBrokenService(farm, stagingKey, {}), await startBrokenService(farm, brokenKey, needsNoKey)];
  writeConfig(work);
  mkdirSync(join(work, 'sub', 'deeper'), { recursive: true });
}, 60_000);

afterAll(async () => {
  await Promise.all(services.map((s) => s.close()));
  await farm?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The failed MUST checks, as clause [target]. */
function failed(r: ConformResult): string[] {
  return (r.report?.checks ?? []).filter((c) => c.status === 'failed' && c.level === 'MUST').map((c) => `${c.clause} [${c.target}]`);
}

/** The failed SHOULD checks (warnings in a run that is not strict), as clause [target]. */
function warned(r: ConformResult): string[] {
  return (r.report?.checks ?? []).filter((c) => c.status === 'failed' && c.level === 'SHOULD').map((c) => `${c.clause} [${c.target}]`);
}

function noSecrets(text: string): void {
  expect(findSecret(text, secretForms(stagingKey))).toBeUndefined();
  expect(findSecret(text, secretForms(brokenKey))).toBeUndefined();
}

describe.concurrent('conform run with a config file', () => {
  test('two named targets, the config found from a folder below: one matrix with the right cells in JSON, console, Markdown and HTML; flags override the file', { timeout: 180_000 }, async () => {
    const r = await runConform(['run', 'staging', 'broken', '--seed', '11'], env, { cwd: join(work, 'sub', 'deeper') });
    const report = r.report!;
    expect(failed(r), r.stdout.slice(-3000) + r.stderr).toEqual(['FS-AUTH-REQUIRED [broken]']);
    // Served without a key, broken takes the key from any header too: a SHOULD, so a warning.
    expect(warned(r)).toEqual(['FS-AUTH-HEADER-ONLY [broken]']);
    expect(r.exitCode).toBe(1);
    // --seed over the config's seed; --report json (runConform's) in place of the config's json file.
    expect(report.seed).toBe(11);
    expect(existsSync(join(work, 'reports', 'from-config.json'))).toBe(false);
    expect(report.target).toEqual({ 'fetch-service': ['staging', 'broken'] });
    expect(report.checks.every((c) => c.status !== 'failed' || c.target === 'broken')).toBe(true);

    // JSON: one matrix, a column per target; every clause passes on staging, only FS-AUTH-REQUIRED fails on broken.
    expect(report.matrix).toHaveLength(1);
    const matrix = report.matrix![0]!;
    expect(matrix.targets).toEqual(['staging', 'broken']);
    expect(matrix.reference).toBeUndefined();
    expect(matrix.differences).toEqual([]);
    const cells = Object.fromEntries(matrix.rows.map((row) => [row.clause, row.cells.map((c) => c?.status ?? 'none')]));
    expect(cells['FS-AUTH-REQUIRED']).toEqual(['passed', 'failed']);
    expect(cells['FS-AUTH-KEY']).toEqual(['passed', 'passed']);
    expect(cells['FS-AUTH-HEADER-ONLY']).toEqual(['passed', 'warning']);
    expect(cells['FS-FUZZ-POSITIVE']).toEqual(['skipped', 'skipped']);
    for (const [clause, [staging, broken]] of Object.entries(cells)) {
      if (clause !== 'FS-AUTH-REQUIRED' && clause !== 'FS-AUTH-HEADER-ONLY') expect(broken, clause).toBe(staging);
      expect(staging, clause).not.toBe('failed');
    }
    const failingCell = matrix.rows.find((row) => row.clause === 'FS-AUTH-REQUIRED')!.cells[1]!;
    expect(failingCell.findings).toEqual([report.checks.find((c) => c.status === 'failed' && c.clause === 'FS-AUTH-REQUIRED')!.id]);

    // Console: the matrix, its failing cell numbering the failure listed below.
    const lines = r.stdout.split('\n');
    expect(r.stdout).toContain('conform: running fetch-service against staging, broken (seed 11)');
    expect(lines).toContain('fetch-service: clauses × targets');
    expect(lines.find((l) => l.startsWith('  FS-AUTH-REQUIRED '))).toMatch(/^ {2}FS-AUTH-REQUIRED +MUST +pass +FAIL 1$/);
    expect(lines.find((l) => l.startsWith('  FS-AUTH-KEY '))).toMatch(/^ {2}FS-AUTH-KEY +MUST +pass +pass$/);
    expect(r.stdout).toContain('✗ 1. fetch-service FS-AUTH-REQUIRED [MUST]');
    // The config's other report files, relative to the config's folder.
    expect(r.stdout).toContain(`wrote markdown report: ${join(work, 'reports', 'conform.md')}`);

    // Markdown: the clause the targets differ on, its failing cell linking to the failure's anchor.
    const md = readFileSync(join(work, 'reports', 'conform.md'), 'utf8');
    expect(md).toContain('| clause | level | staging | broken |');
    expect(md).toMatch(/\| `FS-AUTH-REQUIRED` \| MUST \| ✅ \| \[❌ 1\]\(#failure-1\) \|/);
    expect(md).toContain('#### <a id="failure-1"></a>1. `FS-AUTH-REQUIRED`');

    // HTML in Chromium: the matrix's failing cell links to the failure, which is on the page.
    const html = join(work, 'reports', 'conform.html');
    const source = readFileSync(html, 'utf8');
    expect(source).toContain('<thead><tr><th>clause</th><th>level</th><th>staging</th><th>broken</th></tr></thead>');
    if (chromiumPath) {
      const page = renderInChromium(html);
      expect(page.status).toBe(0);
      const row = /<tr><td><code>FS-AUTH-REQUIRED<\/code><\/td><td>MUST<\/td><td class="cell passed">passed<\/td><td class="cell failed"><a href="#(failure-\d+)">FAIL<\/a><\/td><\/tr>/.exec(page.dom);
      expect(row, 'the matrix row of FS-AUTH-REQUIRED').not.toBeNull();
      expect(page.dom).toMatch(new RegExp(`<article class="failure" id="${row![1]}">[\\s\\S]*?FS-AUTH-REQUIRED[\\s\\S]*?broken`));
    }
    noSecrets(r.stdout + JSON.stringify(report) + md + source);
  });

  test("--with-reference: the reference's column, and its answer beside broken's where they differ", { timeout: 180_000 }, async () => {
    // Its own Markdown and HTML files (flags in place of the config's): the other run writes the config's meanwhile.
    const md = join(work, 'reports', 'with-reference.md');
    const r = await runConform(['run', '--with-reference', '--grep', 'FS-AUTH-', '--report', `markdown=${md}`, '--report', `html=${join(work, 'reports', 'with-reference.html')}`], env, { cwd: work });
    expect(failed(r), r.stdout.slice(-3000) + r.stderr).toEqual(['FS-AUTH-REQUIRED [broken]']);
    expect(warned(r)).toEqual(['FS-AUTH-HEADER-ONLY [broken]']);
    const matrix = r.report!.matrix![0]!;
    expect(matrix.targets).toEqual(['reference (embedded)', 'mock (embedded)', 'staging', 'broken']);
    expect(matrix.reference).toBe('reference (embedded)');
    const differences = matrix.differences.map((d) => `${d.case}: the reference answers ${d.reference} here; ${d.target} answers ${d.answer}`);
    expect(differences, differences.join('\n')).toContain(
      'no X-SVC-API-Key header, a JSON body (application/json): the reference answers 401 here; broken answers 200',
    );
    expect(r.stdout).toContain('fetch-service: clauses × targets (compared with reference (embedded))');
    expect(r.stdout).toContain('    FS-AUTH-REQUIRED [broken] no X-SVC-API-Key header, a JSON body (application/json): the reference answers 401 here; broken answers 200');
    expect(readFileSync(md, 'utf8')).toContain('- `FS-AUTH-REQUIRED` [broken] no X-SVC-API-Key header, a JSON body (application/json): the reference answers 401 here; broken answers 200');
    noSecrets(r.stdout + JSON.stringify(r.report));
  });
});

describe.concurrent('a malformed config: one line naming the file and the key path, exit 2, nothing run', () => {
  const valid = `{ suite: 'fetch-service', baseUrl: 'http://127.0.0.1:9', apiKeyEnv: 'STAGING_KEY' }`;
  test.for<[string, string, string[], string]>([
    ['an unknown key', `export default { targets: { staging: { suite: 'fetch-service', baseUrl: 'http://127.0.0.1:9', apiKey: 'x' } } };`, [], "conform.config.ts: targets.staging.apiKey: secrets never go in the file; name the variable that holds it with apiKeyEnv"],
    ['a missing variable', `export default { targets: { staging: ${valid} } };`, [], 'conform.config.ts: targets.staging.apiKeyEnv: $STAGING_KEY is not set'],
    ['a wrong type', `export default { targets: { staging: ${valid} }, fuzzRuns: '0' };`, [], 'conform.config.ts: fuzzRuns must be a number; got "0"'],
    ['an unknown target name', `export default { targets: { staging: ${valid} } };`, ['prod'], 'unknown suite or target "prod": the suites are fetch-service, meeting-platform, unit-record; conform.config.ts names the targets staging'],
    ['a name that is both a suite and a target', `export default { targets: { 'unit-record': { suite: 'unit-record', validator: 'true' } } };`, ['unit-record'], '"unit-record" is both a suite and a target of conform.config.ts: rename the target'],
    ['a .ts config that throws', `const url: string | undefined = process.env.NO_SUCH_VARIABLE;\nif (!url) throw new Error('set $NO_SUCH_VARIABLE');\nexport default {};`, [], 'conform.config.ts:2:17: could not be loaded: set $NO_SUCH_VARIABLE'],
  ])('%s', { timeout: 60_000 }, async ([name, text, names, line]) => {
    const dir = join(work, 'malformed', name.replace(/\W+/g, '-'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'conform.config.ts'), `${text}\n`);
    const r = await runConform(['run', ...names], { STAGING_KEY: '' }, { cwd: dir });
    expect(r.stderr).toBe(`conform: ${line}\n`);
    expect(r.stdout).toBe('');
    expect(r.exitCode).toBe(2);
    expect(r.report).toBeUndefined();
  });
});
