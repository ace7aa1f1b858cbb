// The package as a user gets it: `npm pack` (prepack builds dist/), the tarball installed into a fresh
// project with `npm ci --offline` (npm's cache, filled by the repository's `npm ci`, no registry), and
// there the commands of the README, the user's own vitest file against the mocks, their TypeScript
// against the package's declarations, and a script of theirs calling run().
import { spawn } from 'node:child_process';
import { cpSync, globSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServerCommand, untilRefused } from '../../src/testing/startServerCommand.ts';
import type { RunReport } from '../../src/verdict/RunReport.ts';
import { suiteNames } from '../../src/catalogue/suites.ts';
import { MarkdownDoc } from '../../src/testing/MarkdownDoc.ts';
import { userProjectLock, type PackageLock } from './userProjectLock.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const userFiles = fileURLToPath(new URL('./user-project/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * A command as a user runs it in a shell: none of the variables vitest sets for this test run (npm's own
 * stay: they name its cache), and the project's Node first on PATH (the `node` dev dependency).
 */
function userEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|TEST$|NODE_ENV$)/.test(k)));
  env.PATH = [dirname(process.execPath), env.PATH].join(delimiter);
  env.NO_COLOR = '1';
  return env;
}

function sh(cwd: string, command: string, args: string[], extraEnv: Record<string, string> = {}): Promise<Ran> {
  const env = { ...userEnv(), ...extraEnv };
  const started = performance.now();
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr, ms: Math.round(performance.now() - started) }));
  });
}

const node = (cwd: string, args: string[]) => sh(cwd, process.execPath, args);

/** The TypeScript blocks of a section of README.md or a page of docs/, as a user pastes them. */
function examples(page: string, title: string): string[] {
  return new MarkdownDoc(join(repo, page)).section(title).fences('ts').map((f) => f.content);
}
const timings: Record<string, number> = {};
// Each step starts processes that load vitest or TypeScript, one at a time: other test files run
// timing-sensitive checks meanwhile.
const slow = 180_000;
function timed(step: string, ran: Ran): Ran {
  timings[step] = ran.ms;
  return ran;
}

describe('the packed package, installed in a fresh project', () => {
  let project = '';
  let conform: (args: string[]) => Promise<Ran>;
  const readReport = (path: string) => JSON.parse(readFileSync(join(project, path), 'utf8')) as RunReport;

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'conform-user-project-'));
    // The build type-checks nothing: `npm test` type-checks the same sources beside this test (scripts/build.ts).
    const pack = timed('npm pack (with the build)', await sh(repo, 'npm', ['pack', '--json', '--pack-destination', project], { CONFORM_BUILD_NO_CHECK: '1' }));
    expect(pack.code, pack.stderr).toBe(0);
    const [packed] = JSON.parse(pack.stdout) as Array<{ filename: string; integrity: string; size: number; unpackedSize: number }>;
    console.log(`packed ${packed!.filename}: ${packed!.size} bytes, unpacked ${packed!.unpackedSize} bytes`);

    // The user's project: the tarball, and what a user of it adds beside (msw and vitest for their own
    // tests, TypeScript), at the versions the repository tests with.
    const devDependencies = {
      msw: manifest.dependencies.msw!,
      vitest: manifest.dependencies.vitest!,
      typescript: manifest.devDependencies.typescript!,
      '@types/node': manifest.devDependencies['@types/node']!,
    };
    const repoLock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as PackageLock;
    const lock = userProjectLock(repoLock, { name: 'user-project', manifest, tarball: packed!.filename, integrity: packed!.integrity, devDependencies });
    const pkg = { name: 'user-project', private: true, type: 'module', devDependencies: lock.packages['']!.devDependencies };
    writeFileSync(join(project, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    writeFileSync(join(project, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
    cpSync(userFiles, project, { recursive: true });
    // README's examples: the test runs with the user's own, the script is type-checked (it wants Python).
    const [testExample, scriptExample, ...more] = examples('README.md', 'Install in your project');
    expect(more, 'README install examples').toEqual([]);
    writeFileSync(join(project, 'readme.test.ts'), testExample!);
    writeFileSync(join(project, 'readme-script.ts'), scriptExample!);
    // docs/integrations.md's client-report example: a user's test of their integration, judged by the mock.
    const [clientExample, ...moreClient] = examples('docs/integrations.md', 'Check your integration against the mock');
    expect(moreClient, 'client-report examples').toEqual([]);
    writeFileSync(join(project, 'readme-client.test.ts'), clientExample!);
    // docs/ci.md's config, type-checked with the user's TypeScript (under a name conform run does not look for).
    const [config, ...moreConfig] = examples('docs/ci.md', 'The config file');
    expect(moreConfig, 'config examples').toEqual([]);
    expect(config, "docs/ci.md's config example").toContain('defineConfig');
    writeFileSync(join(project, 'readme-config.ts'), config!);

    const ci = timed('npm ci --offline', await sh(project, 'npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error']));
    expect(ci.code, ci.stderr).toBe(0);
    const bin = join(project, 'node_modules', '.bin', 'conform');
    conform = (args) => node(project, [bin, ...args]);
  }, 300_000);

  afterAll(async () => {
    console.log(`tarball test steps (ms): ${JSON.stringify(timings)}`);
    if (project) await rm(project, { recursive: true, force: true });
  }, slow);

  test('has no TypeScript sources: the launcher runs the compiled dist/', () => {
    const installed = join(project, 'node_modules', manifest.name);
    expect(globSync('**/*.ts', { cwd: installed }).filter((f) => !f.endsWith('.d.ts'))).toEqual([]);
    // Every conformance suite file of the repository is there compiled, so run() finds every check.
    const compiled = globSync('dist/suites/**/*.suite.js', { cwd: installed }).map((f) => f.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
    expect(compiled.sort()).toEqual(globSync('suites/**/*.suite.ts', { cwd: repo }).sort());
  });

  test('npx conform --version prints the version', async () => {
    const r = timed('npx conform --version', await sh(project, 'npx', ['conform', '--version']));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(manifest.version);
  }, slow);

  test('npx conform mock …, the npx process killed as README\'s loop would: the mock stops and frees its port', async () => {
    // npx runs the command through a shell that passes no signal on; the mock sees its parent go.
    const mock = await startServerCommand(['npx', 'conform', 'mock', 'fetch-service', '--port', '0'], /Stop with Ctrl\+C/, { cwd: project, env: userEnv() });
    try {
      expect(mock.ports).toHaveLength(1);
      mock.launcher.kill('SIGTERM');
      await untilRefused(mock.ports);
    } finally {
      mock.cleanUp();
    }
  }, slow);

  test('conform run unit-record passes against the reference validator', async () => {
    const r = timed('conform run unit-record', await conform(['run', 'unit-record', '--report', 'json=reports/unit-record.json']));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const report = readReport('reports/unit-record.json');
    expect(report.checks.length).toBeGreaterThan(0);
    expect(report.summary).toEqual({ passed: report.checks.length, failed: 0, accepted: 0, warnings: 0, blocked: 0, skipped: 0, unjudged: 0 });
  }, slow);

  // A small budget of generated requests: every check runs (none skipped), as installed; the default budget
  // is held by the suites' own tests (brokenVariants.test.ts, brokenServices.test.ts).
  test('conform run meeting-platform passes against the embedded mock', async () => {
    const r = timed('conform run meeting-platform', await conform(['run', 'meeting-platform', '--fuzz-runs', '10', '--report', 'json=reports/meeting-platform.json']));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const report = readReport('reports/meeting-platform.json');
    expect(Object.keys(report.target)).toEqual(['meeting-platform']);
    expect(report.checks.length).toBeGreaterThan(0);
    expect(report.summary).toEqual({ passed: report.checks.length, failed: 0, accepted: 0, warnings: 0, blocked: 0, skipped: 0, unjudged: 0 });
  }, slow);

  test('conform records generate --out writes the records and their manifest; validate agrees', async () => {
    const r = timed('conform records generate', await conform(['records', 'generate', '--count', '20', '--seed', '7', '--invalid-ratio', '0.5', '--out', 'fixtures']));
    expect(r.code, r.stderr).toBe(0);
    const entries = JSON.parse(readFileSync(join(project, 'fixtures', 'manifest.json'), 'utf8')) as Array<{ file: string; valid: boolean }>;
    expect(entries).toHaveLength(20);
    const valid = entries.find((e) => e.valid)!;
    const invalid = entries.find((e) => !e.valid)!;
    expect((await conform(['records', 'validate', join('fixtures', valid.file)])).code).toBe(0);
    expect((await conform(['records', 'validate', join('fixtures', invalid.file)])).code).toBe(1);
  }, slow);

  test("a conform.config.ts importing defineConfig from the package: Node's type stripping loads it, its named target runs beside the reference", async () => {
    // A meeting platform of the user's: the package's own mock, with the account the config's variables name.
    const account = { MEETING_CLIENT_ID: 'ci-client', MEETING_CLIENT_SECRET: `ci-secret-${process.pid}`, MEETING_ACCOUNT_ID: 'ci-account' };
    const mock = await startServerCommand([process.execPath, join(project, 'node_modules', '.bin', 'conform'), 'mock', 'meeting-platform', '--port', '0'], /Stop with Ctrl\+C/, { cwd: project, env: { ...userEnv(), ...account } });
    try {
      const url = `http://127.0.0.1:${mock.ports[0]}`;
      const ci = join(project, 'ci');
      mkdirSync(join(ci, 'sub'), { recursive: true });
      writeFileSync(
        join(ci, 'conform.config.ts'),
        `import { defineConfig } from 'conform-harness';\n\nconst url: string = '${url}';\nexport default defineConfig({\n  targets: { platform: { suite: 'meeting-platform', authUrl: url, apiBaseUrl: url, clientIdEnv: 'CI_CLIENT_ID', clientSecretEnv: 'CI_CLIENT_SECRET', accountIdEnv: 'CI_ACCOUNT_ID' } },\n  seed: 3,\n  fuzzRuns: 0,\n  report: [{ format: 'json', path: 'reports/ci.json' }],\n});\n`,
      );
      const env = { CI_CLIENT_ID: account.MEETING_CLIENT_ID, CI_CLIENT_SECRET: account.MEETING_CLIENT_SECRET, CI_ACCOUNT_ID: account.MEETING_ACCOUNT_ID };
      // From a folder below the config's: found upward.
      const r = timed('conform run (config file)', await sh(join(ci, 'sub'), process.execPath, [join(project, 'node_modules', '.bin', 'conform'), 'run', '--with-reference', '--grep', 'MP-ME-200'], env));
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/ExperimentalWarning/);
      const report = JSON.parse(readFileSync(join(ci, 'reports', 'ci.json'), 'utf8')) as RunReport;
      expect(report.seed).toBe(3);
      expect(report.target).toEqual({ 'meeting-platform': ['meeting-platform mock (embedded)', 'platform'] });
      expect(report.matrix?.[0]?.targets).toEqual(['meeting-platform mock (embedded)', 'platform']);
      expect(report.checks.filter((c) => c.status === 'passed').map((c) => c.target).sort()).toEqual(['meeting-platform mock (embedded)', 'platform']);
      expect(r.stdout).toContain('meeting-platform: clauses × targets');
      expect(r.stdout + JSON.stringify(report)).not.toContain(account.MEETING_CLIENT_SECRET);
    } finally {
      mock.cleanUp();
    }
  }, slow);

  test("the user's TypeScript type-checks against the package's declarations", async () => {
    const r = timed('tsc (user project)', await node(project, [join('node_modules', 'typescript', 'bin', 'tsc'), '-p', '.']));
    expect(r.code, r.stdout + r.stderr).toBe(0);
  }, slow);

  test("the user's vitest files and README's serve the package's mocks with msw, in-process", async () => {
    const r = timed('vitest (user project)', await node(project, [join('node_modules', 'vitest', 'vitest.mjs'), 'run']));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Test Files\s+4 passed \(4\)/);
    expect(r.stdout).toMatch(/Tests\s+7 passed \(7\)/);
  }, slow);

  test('run() returns the report --report json writes, with every check of every suite', async () => {
    const r = timed('run() (every suite)', await node(project, ['run-conform.ts']));
    expect(r.code, r.stderr).toBe(0);
    const { report, seen, exitCode, diff } = JSON.parse(r.stdout) as { report: RunReport; seen: string[]; exitCode: number; diff: Record<string, number> };
    expect(readReport('reports/conform.json')).toEqual(report);
    expect(Object.keys(report.target).sort()).toEqual([...suiteNames].sort());
    for (const suite of suiteNames) expect(report.checks.filter((c) => c.suite === suite).length, suite).toBeGreaterThan(0);
    expect(report.summary).toEqual({ passed: report.checks.length, failed: 0, accepted: 0, warnings: 0, blocked: 0, skipped: 0, unjudged: 0 });
    expect(seen.sort()).toEqual(report.checks.map((c) => c.id).sort());
    expect(exitCode).toBe(0);
    expect(diff).toEqual({ newlyFailing: 0, fixed: 0, stillFailing: 0, newlyCovered: 0, newlyUncovered: 0, newlyAccepted: 0, newlyBlocked: 0, newWarnings: 0 });
  }, slow);
});
