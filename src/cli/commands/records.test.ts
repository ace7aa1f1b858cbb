import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { brokenUnitTree } from '../../records/brokenUnitTree.ts';
import { exampleRecord } from '../../records/exampleRecord.ts';
import { unitTree } from '../../records/unitTree.ts';
import { validateRecord } from '../../records/validateRecord.ts';
import { main } from '../main.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'bin/conform.js');
const env = { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}` };
const work = mkdtempSync(join(tmpdir(), 'conform-records-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the real command line, as a user would: a fresh process, its exit code and both streams. */
function conform(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: work, env, input, maxBuffer: 64 << 20 });
  return { status: r.status, stdout: r.stdout.toString('utf8'), stdoutBytes: r.stdout, stderr: r.stderr.toString('utf8') };
}

/**
 * Runs main() in this process, for the cases that end while the flags are parsed (nothing runs, so
 * nothing sets process.exitCode): a process start per case would cost more than the case itself.
 */
async function conformInProcess(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const capture =
    (into: string[]) =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      into.push(String(chunk));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    };
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture(out));
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture(err));
  try {
    const status = await main(args);
    return { status, stdout: out.join(''), stderr: err.join('') };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

function file(name: string, text: string | Buffer): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

function expectNoStackTrace(text: string) {
  expect(text).not.toMatch(/^\s+at /m);
  expect(text).not.toMatch(/internal error/);
}

const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Array<{ file: string; valid: boolean; rule?: string }>;

describe('conform records generate', () => {
  it('--out writes one file per record and a manifest that validate agrees with, file by file', () => {
    const dir = join(work, 'fixtures');
    const gen = conform(['records', 'generate', '--count', '240', '--seed', '7', '--invalid-ratio', '0.5', '--out', dir]);
    expect(gen.status, gen.stderr).toBe(0);
    expect(gen.stdout).toBe(`wrote 240 records (120 invalid) and manifest.json to ${dir}\n`);
    const manifest = manifestOf(dir);
    expect(manifest).toHaveLength(240);
    expect(manifest[0]!.file).toBe('record-0001.json');
    expect(readdirSync(dir).sort()).toEqual([...manifest.map((m) => m.file), 'manifest.json'].sort());

    const check = conform(['records', 'validate', '--json', ...manifest.map((m) => join(dir, m.file))]);
    expect(check.status).toBe(1);
    const report = JSON.parse(check.stdout) as { files: Array<{ file: string; valid: boolean; errors: Array<{ clause: string }> }> };
    report.files.forEach((verdict, i) => {
      const expected = manifest[i]!;
      expect(verdict.file).toBe(join(dir, expected.file));
      expect(verdict.valid, expected.file).toBe(expected.valid);
      if (!expected.valid) expect(verdict.errors.map((e) => e.clause)).toContain(expected.rule);
    });
  });

  it('gives the same bytes for the same seed, on stdout and in files', () => {
    const args = ['records', 'generate', '--count', '300', '--seed', '42', '--invalid-ratio', '0.3'];
    const first = conform(args);
    expect(first.status).toBe(0);
    expect(first.stdoutBytes.length).toBeGreaterThan(10_000);
    expect(conform(args).stdoutBytes.equals(first.stdoutBytes)).toBe(true);

    const [a, b] = ['same-a', 'same-b'].map((d) => join(work, d));
    conform([...args, '--out', a!]);
    conform([...args, '--out', b!]);
    for (const name of readdirSync(a!)) expect(readFileSync(join(b!, name)).equals(readFileSync(join(a!, name))), name).toBe(true);
  });

  it('prints NDJSON {record, valid, rule?} whose labels the validator confirms', () => {
    const out = conform(['records', 'generate', '--count', '200', '--invalid-ratio', '0.25']);
    const lines = out.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { record: unknown; valid: boolean; rule?: string });
    expect(lines).toHaveLength(200);
    expect(lines.filter((l) => !l.valid)).toHaveLength(50);
    for (const { record, valid, rule } of lines) {
      const clauses = validateRecord(record).map((e) => e.clause);
      expect(clauses.length === 0).toBe(valid);
      if (!valid) expect(clauses).toContain(rule);
      else expect(rule).toBeUndefined();
    }
  });

  it('stops quietly, exit 0, when the reader closes the pipe early (| head)', async () => {
    const child = spawn(process.execPath, [bin, 'records', 'generate', '--count', '500000'], { cwd: work, env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('documents the default seed in --help', async () => {
    const help = await conformInProcess(['records', 'generate', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--seed <s>.*\(default: 1\)/s);
  });

  it.each([
    [['--count', '0'], /--count must be a positive integer, got "0"/],
    [['--count', 'ten'], /--count must be a positive integer, got "ten"/],
    [['--count', '5', '--invalid-ratio', '1.5'], /--invalid-ratio must be a number from 0 to 1, got "1.5"/],
    [['--count', '5', '--seed', '-3'], /--seed must be an integer from 0 to 4294967295/],
    [['--count', '5', '--bogus'], /unknown option '--bogus'/],
    [[], /required option '--count <n>' not specified/],
  ])('refuses %j with exit 2 and a one-line reason', async (flags, reason) => {
    const r = await conformInProcess(['records', 'generate', ...flags]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toMatch(reason);
    expectNoStackTrace(r.stderr);
  });

  it('says so in one line when the output directory cannot be made', () => {
    const blocker = file('not-a-dir', 'x');
    const r = conform(['records', 'generate', '--count', '2', '--out', join(blocker, 'sub')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`conform: cannot write to ${join(blocker, 'sub')}: a file is in the way\n`);
  });
});

describe('conform records validate', () => {
  const valid = file('valid.json', JSON.stringify(exampleRecord(), null, 2));
  const invalid = file('invalid.json', JSON.stringify({ ...exampleRecord(), order: 0, foo: 1 }));

  it('exits 0 when every record is valid, 1 when one is not, printing file, pointer, clause and message', () => {
    expect(conform(['records', 'validate', valid])).toMatchObject({ status: 0, stdout: '1 file(s): 1 valid, 0 invalid\n', stderr: '' });
    const r = conform(['records', 'validate', valid, invalid]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(
      [
        `${invalid}: /foo [UR-NO-EXTRA] unknown property "foo" (only extensions may hold extra properties)`,
        `${invalid}: /order [UR-ORDER] order must be at least 1, got number 0`,
        '2 file(s): 1 valid, 1 invalid',
        '',
      ].join('\n'),
    );
  });

  it('names the record itself (root) when it is not an object', () => {
    const r = conform(['records', 'validate', file('array.json', '[]')]);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(`${join(work, 'array.json')}: (root) [UR-OBJECT] a record must be a JSON object, got an empty array`);
  });

  it('reads one record from stdin with -', () => {
    expect(conform(['records', 'validate', '-'], JSON.stringify(exampleRecord())).status).toBe(0);
    const r = conform(['records', 'validate', '-'], JSON.stringify({ ...exampleRecord(), hash: 'ABC' }));
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^<stdin>: \/hash \[UR-HASH\] hash must be 64 lowercase hex characters, got 3 characters$/m);
  });

  it('exits 2 on files it cannot read, one line each, and still reports every other file', () => {
    const dir = join(work, 'a-directory');
    mkdirSync(dir, { recursive: true });
    const huge = file('huge.json', '');
    truncateSync(huge, 17 * 1024 * 1024);
    const bad = {
      missing: join(work, 'missing.json'),
      notJson: file('not-json.json', '{"id": '),
      empty: file('empty.json', '  \n'),
      binary: file('latin1.json', Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d])),
      dir,
      huge,
    };
    const r = conform(['records', 'validate', bad.missing, valid, bad.notJson, invalid, bad.empty, bad.binary, bad.dir, bad.huge]);
    expect(r.status).toBe(2);
    expectNoStackTrace(r.stderr);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      `conform: ${bad.missing} does not exist`,
      expect.stringMatching(new RegExp(`^conform: ${bad.notJson} is not JSON: [^\\n]+$`)),
      `conform: ${bad.empty} is empty (a record is one JSON object)`,
      `conform: ${bad.binary} is not UTF-8 text`,
      `conform: ${bad.dir} is a directory, not a record file`,
      `conform: ${bad.huge} is 17.0 MiB, over the 16 MiB limit for a record file`,
    ]);
    // Nothing lost: the readable files got their verdicts.
    expect(r.stdout).toContain(`${invalid}: /order [UR-ORDER]`);
    expect(r.stdout).toMatch(/8 file\(s\): 1 valid, 1 invalid, 6 unreadable\n$/);
  });

  it('refuses unknown flags and a missing file argument with exit 2', async () => {
    for (const args of [['--strict', valid], []]) {
      const r = await conformInProcess(['records', 'validate', ...args]);
      expect(r.status).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^error: (unknown option '--strict'|missing required argument 'file')/);
      expectNoStackTrace(r.stderr);
    }
  });

  it('--json reports every file, error and read failure in one document', () => {
    const r = conform(['records', 'validate', '--json', valid, invalid, join(work, 'missing.json')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout);
    expect(report.summary).toEqual({ files: 3, valid: 1, invalid: 1, unreadable: 1, exitCode: 2 });
    expect(report.files[0]).toEqual({ file: valid, valid: true, errors: [] });
    expect(report.files[1].errors).toContainEqual({ pointer: '/order', clause: 'UR-ORDER', message: 'order must be at least 1, got number 0' });
    expect(report.files[2]).toEqual({ file: join(work, 'missing.json'), unreadable: 'does not exist' });
  });

  it('--tree checks the files as one page: a tree passes, a broken one names the tree clause', () => {
    const writeSet = (name: string, records: unknown[]) => {
      const dir = join(work, name);
      mkdirSync(dir, { recursive: true });
      return records.map((r, i) => {
        const path = join(dir, `unit-${String(i)}.json`);
        writeFileSync(path, JSON.stringify(r));
        return path;
      });
    };
    const [tree] = fc.sample(unitTree({ minUnits: 5 }), { seed: 4, numRuns: 1 });
    const good = conform(['records', 'validate', '--tree', ...writeSet('tree', tree!)]);
    expect(good.status, good.stdout).toBe(0);
    expect(good.stdout).toMatch(/the set forms a tree\n$/);

    const [broken] = fc.sample(brokenUnitTree('UR-TREE-ACYCLIC'), { seed: 4, numRuns: 1 });
    const bad = conform(['records', 'validate', '--tree', '--json', ...writeSet('cycle', broken!.records)]);
    expect(bad.status).toBe(1);
    const report = JSON.parse(bad.stdout);
    expect(report.summary.invalid).toBe(0);
    expect(report.tree.valid).toBe(false);
    expect(report.tree.errors.map((e: { clause: string }) => e.clause)).toEqual(['UR-TREE-ACYCLIC']);
    expect(report.tree.errors[0].file).toMatch(/cycle\/unit-\d+\.json$/);
  });
});
