import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runConform } from '../testing/runConform.ts';
import { conformInProcess } from '../testing/conformInProcess.ts';
import { version } from './version.ts';

describe('conform command', () => {
  test('--version prints the version', async () => {
    const r = await runConform(['--version']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe(version);
  });

  test('the command line loads what a command needs when the command runs: its parser loads none of the heavy packages', () => {
    // Every command (and --version, --help, a usage error) builds the whole parser: a package it loads
    // is paid by all of them. `conform proxy`'s judges once loaded the specs (ajv, yaml, undici) there:
    // conform --version took 0.36 CPU-s, 0.18 without them.
    const script = [
      "import { registerHooks } from 'node:module';",
      'const loaded = [];',
      'registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); loaded.push(r.url); return r; } });',
      "await import('./src/cli/conformProgram.ts').then((m) => m.conformProgram());",
      'console.log(JSON.stringify(loaded));',
    ].join('\n');
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const packages = new Set((JSON.parse(r.stdout) as string[]).flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []));
    expect(packages.size, 'the hook saw the packages the parser loads').toBeGreaterThan(0);
    for (const heavy of ['undici', 'ajv', 'yaml', 'msw', '@mswjs/data', 'vitest', 'vite', 'fast-check', 'json-schema-faker']) expect([...packages]).not.toContain(heavy);
  });

  test('--help lists the commands docs/command-line.md documents', async () => {
    const r = await runConform(['--help']);
    expect(r.exitCode).toBe(0);
    for (const command of ['run', 'records', 'report']) expect(r.stdout).toContain(command);
  });

  test('an unknown command or flag is a usage error: exit 2, no stack trace', async () => {
    for (const args of [['frobnicate'], ['run', '--no-such-flag'], ['run', 'no-such-suite']]) {
      const r = await runConform(args);
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  test('run: a target option for a suite not selected is refused', async () => {
    const r = await runConform(['run', 'unit-record', '--base-url', 'http://127.0.0.1:9']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--base-url applies to the fetch-service suite');
  });

  test('run: an unreachable target is "could not run"', async () => {
    // Port 9 (discard) on loopback has no listener here: connection refused at once.
    const r = await runConform(['run', 'fetch-service', '--base-url', 'http://127.0.0.1:9', '--api-key', 'test-key-1234']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/cannot reach --base-url http:\/\/127\.0\.0\.1:9: ECONNREFUSED/);
  });

  test('run: --fuzz-runs and --rate-limit are in --help, and bad values are usage errors', async () => {
    const help = await runConform(['run', '--help']);
    expect(help.stdout).toMatch(/--fuzz-runs <n>[\s\S]*--rate-limit <n>/);
    for (const args of [['--fuzz-runs', '-3'], ['--rate-limit', 'fast']]) {
      const r = await runConform(['run', 'unit-record', ...args]);
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  test('run: a bad --report format is a usage error', async () => {
    const r = await runConform(['run', 'unit-record', '--report', 'pdf=/tmp/x.pdf']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--report takes FORMAT=PATH');
  });

  // commander's own errors came as "error: …" and a second line; a URL refused did not say which flag.
  test.each([
    [['run', '--no-such-flag'], "conform: unknown option '--no-such-flag'; see conform run --help"],
    [['run', '--sed', '3'], "conform: unknown option '--sed' (Did you mean --seed?); see conform run --help"],
    [['run', '--seed'], "conform: option '--seed <n>' argument missing; see conform run --help"],
    [['records', 'generate'], "conform: required option '--count <n>' not specified; see conform records generate --help"],
    [['report', 'diff', 'a.json'], "conform: missing required argument 'after'; see conform report diff --help"],
    [['frobnicate'], "conform: unknown command 'frobnicate'; see conform --help"],
    [['run', '--base-url', 'notaurl'], 'conform: --base-url takes an http(s) URL; got "notaurl"'],
    [['run', '--api-base-url', 'ftp://x'], 'conform: --api-base-url takes an http(s) URL; got "ftp://x"'],
    [['run', '--origin-url', 'http://u:p@x'], 'conform: --origin-url takes a URL without credentials: pass secrets through the environment'],
    [['mock', 'fetch-service', '--origin-url', 'x'], 'conform: --origin-url takes an http(s) URL; got "x"'],
    [['check', 'meeting-platform', '--auth-url', '/oauth'], 'conform: --auth-url takes an http(s) URL; got "/oauth"'],
  ])('conform %j: one line, "conform: …" naming the flag, exit 2', async (args, line) => {
    const r = await conformInProcess(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`${line}\n`);
    expect(r.stdout).toBe('');
  });
});
