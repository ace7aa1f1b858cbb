import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildCorpus } from '../../../suites/unit-record/corpus.ts';
import { runConform } from '../../testing/runConform.ts';
import { brokenUnitTree } from '../../records/brokenUnitTree.ts';
import { exampleRecord } from '../../records/exampleRecord.ts';
import { recordClauseIds } from '../../records/recordClauses.ts';
import { unitTree } from '../../records/unitTree.ts';
import { validateRecord } from '../../records/validateRecord.ts';
import { conformInProcess } from '../../testing/conformInProcess.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'bin/conform.js');
const env = { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}` };
const work = mkdtempSync(join(tmpdir(), 'conform-records-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Tests run the command a few times each, one after another: beside two busy processes, five
// runs of `records generate` took more than vitest's default 30 s. The bounds are there for a hang.
vi.setConfig({ testTimeout: 180_000 });
/** How long one command in a process of its own may take before it is killed. */
const commandMs = 120_000;

interface CommandResult {
  status: number | null;
  stdout: string;
  stdoutBytes: Buffer;
  stderr: string;
}

/**
 * `conform ARGS` as main() runs it in this process, its exit code and both streams: the records commands
 * end before any server or suite starts, and a process each cost a node start and, for `records
 * validate`, the launcher's second process under V8 flags (bin/nodeFlags.test.ts holds that one). With
 * `input`, a fresh process reading it on its stdin. One at a time: the streams are this process's.
 */
async function conform(args: string[], input?: string): Promise<CommandResult> {
  if (input !== undefined) return conformProcess(args, input);
  const r = await conformInProcess(args);
  return { status: r.status, stdout: r.stdout, stdoutBytes: Buffer.from(r.stdout, 'utf8'), stderr: r.stderr };
}

/** Runs the real command line, as a user would: a fresh process, `input` on its stdin. */
async function conformProcess(args: string[], input: string): Promise<CommandResult> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: work, env, timeout: commandMs });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  child.stdin.end(input);
  const [status] = (await once(child, 'close')) as [number | null];
  const stdoutBytes = Buffer.concat(out);
  return { status, stdout: stdoutBytes.toString('utf8'), stdoutBytes, stderr: Buffer.concat(err).toString('utf8') };
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
  it('--out writes one file per record and a manifest that validate agrees with, file by file', async () => {
    const dir = join(work, 'fixtures');
    const gen = await conform(['records', 'generate', '--count', '240', '--seed', '7', '--invalid-ratio', '0.5', '--out', dir]);
    expect(gen.status, gen.stderr).toBe(0);
    expect(gen.stdout).toBe(`wrote 240 records (120 invalid) and manifest.json to ${dir}\n`);
    const manifest = manifestOf(dir);
    expect(manifest).toHaveLength(240);
    expect(manifest[0]!.file).toBe('record-0001.json');
    expect(readdirSync(dir).sort()).toEqual([...manifest.map((m) => m.file), 'manifest.json'].sort());

    // File by file, as the manifest lists them: every verdict is the label's, every invalid record
    // breaks the labelled clause.
    const check = await conform(['records', 'validate', '--json', dir]);
    expect(check.status, check.stderr).toBe(0);
    const report = JSON.parse(check.stdout) as { records: Array<{ file: string; valid: boolean; errors: Array<{ clause: string }>; agrees: boolean }>; summary: { compared: number } };
    expect(report.summary.compared).toBe(240);
    report.records.forEach((verdict, i) => {
      const expected = manifest[i]!;
      expect(verdict.file).toBe(join(dir, expected.file));
      expect(verdict.valid, expected.file).toBe(expected.valid);
      expect(verdict.agrees, expected.file).toBe(true);
      if (!expected.valid) expect(verdict.errors.map((e) => e.clause)).toContain(expected.rule);
    });
  });

  it('gives the same bytes for the same seed, on stdout and in files', async () => {
    const args = ['records', 'generate', '--count', '300', '--seed', '42', '--invalid-ratio', '0.3'];
    const first = await conform(args);
    expect(first.status).toBe(0);
    expect(first.stdoutBytes.length).toBeGreaterThan(10_000);
    expect((await conform(args)).stdoutBytes.equals(first.stdoutBytes)).toBe(true);

    const [a, b] = ['same-a', 'same-b'].map((d) => join(work, d));
    await conform([...args, '--out', a!]);
    await conform([...args, '--out', b!]);
    for (const name of readdirSync(a!)) expect(readFileSync(join(b!, name)).equals(readFileSync(join(a!, name))), name).toBe(true);
  });

  it('prints NDJSON {record, valid, rule?} whose labels the validator confirms', async () => {
    const out = await conform(['records', 'generate', '--count', '200', '--invalid-ratio', '0.25']);
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

  it('documents the default seed and sharding in --help, and records merge has its own', async () => {
    const help = await conformInProcess(['records', 'generate', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--seed <s>.*\(default: 7\)/s);
    expect(help.stdout).toContain('--shard <i/n>');
    const merge = await conformInProcess(['records', 'merge', '--help']);
    expect(merge.status).toBe(0);
    expect(merge.stdout).toContain('manifest-I-of-N.json');
  });

  it.each([
    [['--count', '0'], /--count takes a whole number of 1 or more; got "0"/],
    [['--count', 'ten'], /--count takes a whole number of 1 or more; got "ten"/],
    [['--count', '5', '--invalid-ratio', '1.5'], /--invalid-ratio takes a number from 0 to 1; got "1.5"/],
    [['--count', '5', '--seed', '-3'], /--seed takes a whole number from 0 to 4294967295; got "-3"/],
    [['--count', '5', '--bogus'], /unknown option '--bogus'/],
    [['--count', '5', '--shard', '4/3'], /--shard takes I\/N with 1 ≤ I ≤ N \(e\.g\. 2\/3\); got "4\/3"/],
    [[], /required option '--count <n>' not specified/],
  ])('refuses %j with exit 2 and a one-line reason', async (flags, reason) => {
    const r = await conformInProcess(['records', 'generate', ...flags]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toMatch(reason);
    expectNoStackTrace(r.stderr);
  });

  it('--shard I/N: the shards\' files gathered in one folder, their manifest parts merged, are the unsharded set byte for byte', async () => {
    const args = ['records', 'generate', '--count', '130', '--seed', '4', '--invalid-ratio', '0.3'];
    const [whole, parts] = [join(work, 'shard-whole'), join(work, 'shard-parts')];
    expect((await conform([...args, '--out', whole])).status).toBe(0);
    const shards: CommandResult[] = [];
    for (const i of [1, 2, 3]) shards.push(await conform([...args, '--shard', `${i}/3`, '--out', parts]));
    expect(shards.map((s) => s.stdout)).toEqual([
      `wrote 43 records, 1 to 43 of 130 (shard 1/3; 12 invalid) and manifest-1-of-3.json to ${parts}\n`,
      `wrote 43 records, 44 to 86 of 130 (shard 2/3; 13 invalid) and manifest-2-of-3.json to ${parts}\n`,
      `wrote 44 records, 87 to 130 of 130 (shard 3/3; 14 invalid) and manifest-3-of-3.json to ${parts}\n`,
    ]);
    const merged = await conform(['records', 'merge', parts]);
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(`merged 3 manifest parts into ${join(parts, 'manifest.json')}: 130 records\n`);
    expect(readdirSync(parts).sort()).toEqual(readdirSync(whole).sort());
    for (const name of readdirSync(whole)) expect(readFileSync(join(parts, name)).equals(readFileSync(join(whole, name))), name).toBe(true);
    // On stdout, the shards' NDJSON in shard order is the whole set's.
    const ndjson: Buffer[] = [];
    for (const i of [1, 2, 3]) ndjson.push((await conform([...args, '--shard', `${i}/3`])).stdoutBytes);
    expect(Buffer.concat(ndjson).equals((await conform(args)).stdoutBytes)).toBe(true);
  });

  it('records merge refuses a folder without every part of one set, changing nothing', async () => {
    const dir = join(work, 'shard-missing');
    const args = ['records', 'generate', '--count', '9', '--seed', '4', '--out', dir];
    await conform([...args, '--shard', '1/3']);
    await conform([...args, '--shard', '3/3']);
    const r = await conform(['records', 'merge', dir]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`conform: ${dir}: part 2/3 missing: a merge needs every shard of the set\n`);
    expect(readdirSync(dir)).not.toContain('manifest.json');
    expect(readdirSync(dir)).toContain('manifest-1-of-3.json');
  });

  it('says so in one line when the output directory cannot be made', async () => {
    const blocker = file('not-a-dir', 'x');
    const r = await conform(['records', 'generate', '--count', '2', '--out', join(blocker, 'sub')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`conform: --out ${join(blocker, 'sub')} cannot be written: ${blocker} is a file, not a folder\n`);
  });
});

describe('conform records validate', () => {
  const valid = file('valid.json', JSON.stringify(exampleRecord(), null, 2));
  const invalid = file('invalid.json', JSON.stringify({ ...exampleRecord(), order: 0, foo: 1 }));

  it('exits 0 when every record is valid, 1 when one is not, printing file, pointer, clause and message', async () => {
    expect(await conform(['records', 'validate', valid])).toMatchObject({ status: 0, stdout: '1 record(s): 1 valid, 0 invalid\n', stderr: '' });
    const r = await conform(['records', 'validate', valid, invalid]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(
      [
        `${invalid}: /foo [UR-NO-EXTRA] unknown property "foo" (only extensions may hold extra properties)`,
        `${invalid}: /order [UR-ORDER] order must be at least 1, got number 0`,
        '2 record(s): 1 valid, 1 invalid (UR-NO-EXTRA 1, UR-ORDER 1)',
        '',
      ].join('\n'),
    );
  });

  it('names the record itself (root) when it is not an object', async () => {
    const r = await conform(['records', 'validate', file('number.json', '42')]);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(`${join(work, 'number.json')}: (root) [UR-OBJECT] a record must be a JSON object, got number 42`);
  });

  it('reads one record from stdin with -', async () => {
    expect((await conform(['records', 'validate', '-'], JSON.stringify(exampleRecord()))).status).toBe(0);
    const r = await conform(['records', 'validate', '-'], JSON.stringify({ ...exampleRecord(), hash: 'ABC' }));
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^<stdin>: \/hash \[UR-HASH\] hash must be 64 lowercase hex characters, got 3 characters$/m);
  });

  it('exits 2 on files it cannot read, one line each, and still reports every other file', async () => {
    const dir = join(work, 'an-empty-directory');
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
    const r = await conform(['records', 'validate', bad.missing, valid, bad.notJson, invalid, bad.empty, bad.binary, bad.dir, bad.huge]);
    expect(r.status).toBe(2);
    expectNoStackTrace(r.stderr);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      `conform: ${bad.missing} does not exist`,
      expect.stringMatching(new RegExp(`^conform: ${bad.notJson} is not JSON: [^\\n]+$`)),
      `conform: ${bad.empty} is empty (no record in it)`,
      `conform: ${bad.binary} is not UTF-8 text`,
      `conform: ${bad.dir} holds no .json record files`,
      `conform: ${bad.huge} is 17.0 MiB, over the 16 MiB limit for one record`,
    ]);
    // Nothing lost: the readable files got their verdicts.
    expect(r.stdout).toContain(`${invalid}: /order [UR-ORDER]`);
    expect(r.stdout).toMatch(/^2 record\(s\): 1 valid, 1 invalid \(UR-NO-EXTRA 1, UR-ORDER 1\), 6 unreadable\n$/m);
  });

  it('refuses unknown flags, a missing input and stdin twice with exit 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--strict', valid], /^conform: unknown option '--strict'; see conform records validate --help$/],
      [['--workers', 'all', valid], /^conform: --workers takes a whole number from 0 to 64; got "all"/],
      [[], /^conform: missing required argument 'input'; see conform records validate --help$/],
      [['-', '-'], /^conform: - \(stdin\) can be given only once/],
    ];
    for (const [args, reason] of cases) {
      const r = await conformInProcess(['records', 'validate', ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(reason);
      expect(r.stdout).toBe('');
      expectNoStackTrace(r.stderr);
    }
  });

  it('--json reports every file, error and read failure in one document', async () => {
    const r = await conform(['records', 'validate', '--json', valid, invalid, join(work, 'missing.json')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout);
    expect(report.summary).toEqual({
      records: 2,
      valid: 1,
      invalid: 1,
      unreadable: 1,
      byClause: { 'UR-NO-EXTRA': 1, 'UR-ORDER': 1 },
      compared: 0,
      disagree: 0,
      exitCode: 2,
    });
    expect(report.records[0]).toEqual({ file: valid, id: exampleRecord().id, valid: true, errors: [] });
    expect(report.records[1].errors).toContainEqual({ pointer: '/order', clause: 'UR-ORDER', message: 'order must be at least 1, got number 0' });
    expect(report.records[2]).toEqual({ file: join(work, 'missing.json'), unreadable: 'does not exist' });
  });

  it('--tree checks the files as one page: a tree passes, a broken one names the tree clause', async () => {
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
    const good = await conform(['records', 'validate', '--tree', ...writeSet('tree', tree!)]);
    expect(good.status, good.stdout).toBe(0);
    expect(good.stdout).toMatch(/the set forms a tree\n$/);

    const [broken] = fc.sample(brokenUnitTree('UR-TREE-ACYCLIC'), { seed: 4, numRuns: 1 });
    const bad = await conform(['records', 'validate', '--tree', '--json', ...writeSet('cycle', broken!.records)]);
    expect(bad.status).toBe(1);
    const report = JSON.parse(bad.stdout);
    expect(report.summary.invalid).toBe(0);
    expect(report.tree.valid).toBe(false);
    expect(report.tree.errors.map((e: { clause: string }) => e.clause)).toEqual(['UR-TREE-ACYCLIC']);
    expect(report.tree.errors[0].file).toMatch(/cycle\/unit-\d+\.json$/);
  });
});

describe('conform records generate | validate', () => {
  const generate = async (count: number, ratio = 0.4, seed = 11) => (await conform(['records', 'generate', '--count', String(count), '--seed', String(seed), '--invalid-ratio', String(ratio)])).stdout;

  it('round-trips NDJSON on stdin: every verdict agrees with its line\'s label, so exit 0', async () => {
    const ndjson = await generate(300);
    const r = await conform(['records', 'validate', '-'], ndjson);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^300 record\(s\): 180 valid, 120 invalid \(UR-[A-Z-]+ \d+(, UR-[A-Z-]+ \d+)*\); labels: 300 compared, all agree\n$/);
    expect((await conform(['records', 'validate', '--expect', file('round.ndjson', ndjson)])).status).toBe(0);
    expect((await conform(['records', 'validate', '--expect', file('round.jsonl', ndjson)])).status).toBe(0);
  });

  it('round-trips a long stream through its worker threads, in input order', async () => {
    const ndjson = await generate(3000, 0.2, 12);
    const r = await conform(['records', 'validate', '--json', '--workers', '2', '-'], ndjson);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { records: Array<{ line: number; agrees: boolean }>; summary: { records: number; invalid: number; disagree: number } };
    expect(report.summary).toMatchObject({ records: 3000, invalid: 600, disagree: 0 });
    expect(report.records.map((e) => e.line)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
  });

  it('round-trips an --out folder against its manifest, and names every entry of a manifest that lies', async () => {
    const dir = join(work, 'lying');
    expect((await conform(['records', 'generate', '--count', '20', '--seed', '3', '--invalid-ratio', '0.5', '--out', dir])).status).toBe(0);
    const honest = await conform(['records', 'validate', dir]);
    expect(honest.status, honest.stdout).toBe(0);
    expect(honest.stdout).toMatch(/^20 record\(s\): 10 valid, 10 invalid .*; labels: 20 compared, all agree\n$/);

    const manifest = manifestOf(dir);
    const validAt = manifest.findIndex((m) => m.valid);
    const invalidAt = manifest.findIndex((m) => !m.valid);
    const secondInvalidAt = manifest.findIndex((m, i) => !m.valid && i > invalidAt);
    const otherRule = manifest.find((m) => !m.valid && m.rule !== manifest[secondInvalidAt]!.rule)!.rule!;
    manifest[validAt] = { file: manifest[validAt]!.file, valid: false, rule: 'UR-HASH' };
    manifest[invalidAt] = { file: manifest[invalidAt]!.file, valid: true };
    manifest[secondInvalidAt] = { ...manifest[secondInvalidAt]!, rule: otherRule };
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));

    const lying = await conform(['records', 'validate', dir]);
    expect(lying.status).toBe(1);
    const lines = lying.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/; labels: 20 compared, 3 disagree$/);
    const named = lines.slice(0, -1);
    expect(named).toHaveLength(3);
    const at = (i: number) => named.find((l) => l.startsWith(join(dir, manifest[i]!.file)))!;
    expect(at(validAt)).toContain(`labelled invalid [UR-HASH], but it is valid`);
    expect(at(invalidAt)).toMatch(/: labelled valid, but it breaks \[UR-[A-Z-]+\] /);
    expect(at(secondInvalidAt)).toContain(`labelled invalid [${otherRule}], but instead it breaks [`);
    for (const i of [validAt, invalidAt, secondInvalidAt]) {
      const { id } = JSON.parse(readFileSync(join(dir, manifest[i]!.file), 'utf8')) as { id?: unknown };
      if (typeof id === 'string') expect(at(i)).toContain(`(id ${JSON.stringify(id)})`);
    }
  });

  it('round-trips a JSON array file with --array, of labelled lines or of bare records; without it the file is one record', async () => {
    const lines = (await generate(50, 0.3))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { record: unknown; valid: boolean });
    const labelledPath = file('labelled-array.json', JSON.stringify(lines, null, 2));
    const labelled = await conform(['records', 'validate', '--array', labelledPath]);
    expect(labelled.status, labelled.stdout).toBe(0);
    expect(labelled.stdout).toMatch(/^50 record\(s\): 35 valid, 15 invalid .*; labels: 50 compared, all agree\n$/);

    const path = file('bare-array.json', JSON.stringify(lines.map((l) => l.record)));
    const bare = await conform(['records', 'validate', '--array', '--json', path]);
    expect(bare.status).toBe(1);
    const report = JSON.parse(bare.stdout) as { records: Array<{ index: number; valid: boolean }>; summary: { records: number; invalid: number } };
    expect(report.summary).toMatchObject({ records: 50, invalid: 15 });
    expect(report.records.map((e) => e.valid)).toEqual(lines.map((l) => l.valid));
    expect(report.records.map((e) => e.index)).toEqual(lines.map((_, i) => i));
    const text = (await conform(['records', 'validate', '--array', path])).stdout;
    expect(text).toContain(`${path}[${String(lines.findIndex((l) => !l.valid))}]: `);

    // Not asked for, each file is one record: an array, which no record may be.
    for (const [given, input] of [[labelledPath, undefined], ['-', readFileSync(labelledPath, 'utf8')]] as const) {
      const one = await conform(['records', 'validate', given], input);
      expect(one.status, given).toBe(1);
      expect(one.stdout.split('\n')).toEqual([`${given === '-' ? '<stdin>' : given}: (root) [UR-OBJECT] a record must be a JSON object, got an array`, '1 record(s): 0 valid, 1 invalid (UR-OBJECT 1)', '']);
    }
  });

  it('reports a truncated line, an empty line and a non-JSON line by number, and validates the rest', async () => {
    const lines = (await generate(6, 0.5)).trimEnd().split('\n');
    lines.splice(2, 0, lines[2]!.slice(0, 40)); // truncated: line 3
    lines.splice(4, 0, ''); // empty: line 5
    lines.splice(6, 0, 'this is not JSON'); // line 7
    const input = lines.join('\n') + '\n';
    const r = await conform(['records', 'validate', '-'], input);
    expect(r.status).toBe(2);
    expectNoStackTrace(r.stderr);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^conform: <stdin>:3 is not JSON: /),
      'conform: <stdin>:5 is an empty line (NDJSON holds one record per line)',
      expect.stringMatching(/^conform: <stdin>:7 is not JSON: /),
    ]);
    expect(r.stdout).toMatch(/^6 record\(s\): 3 valid, 3 invalid .*, 3 unreadable; labels: 6 compared, all agree\n$/);

    const json = JSON.parse((await conform(['records', 'validate', '--json', file('broken.ndjson', input)])).stdout) as { records: Array<{ line: number; unreadable?: string }> };
    expect(json.records.map((e) => e.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(json.records.filter((e) => e.unreadable).map((e) => e.line)).toEqual([3, 5, 7]);
  });

  it('--tree takes the whole input as one set, whatever its form', async () => {
    const [tree] = fc.sample(unitTree({ minUnits: 6 }), { seed: 8, numRuns: 1 });
    const ndjson = tree!.map((r) => JSON.stringify(r)).join('\n') + '\n';
    const good = await conform(['records', 'validate', '--tree', '-'], ndjson);
    expect(good.status, good.stdout).toBe(0);
    expect(good.stdout).toMatch(/; the set forms a tree\n$/);
    // Split across stdin and an array file, it is still one set.
    const half = Math.floor(tree!.length / 2);
    const split = await conform(['records', 'validate', '--tree', '-', file('tree-rest.json', JSON.stringify(tree!.slice(half)))], tree!.slice(0, half).map((r) => JSON.stringify(r)).join('\n'));
    expect(split.status, split.stdout).toBe(0);
    // Without its second half, the first half names units that are not there.
    const partial = await conform(['records', 'validate', '--tree', '-'], tree!.slice(0, half).map((r) => JSON.stringify(r)).join('\n'));
    expect(partial.status).toBe(1);
    expect(partial.stdout).toMatch(/^<stdin>(:\d+)?: \/\S+ \[UR-TREE-NO-DANGLING\] /m);
  });

  it('--help describes every input form, labels, output and exit codes', async () => {
    const help = await conformInProcess(['records', 'validate', '--help']);
    expect(help.status).toBe(0);
    for (const words of ['NDJSON', 'JSON array', '--array', '--tree implies --array', 'pretty-printed', 'manifest.json', '--expect', '--tree', '--json', '--workers', 'FILE:LINE', 'FILE[INDEX]', 'nothing is kept per record', 'Exit codes']) expect(help.stdout).toContain(words);
  });
});

describe('one verdict per record, however it is given', () => {
  type Verdict = { file: string; valid: boolean; errors: Array<{ pointer: string; clause: string }>; agrees?: boolean; unreadable?: string };
  const verdicts = (r: CommandResult) => (JSON.parse(r.stdout) as { records: Verdict[] }).records;
  const errorsOf = (v: Verdict | undefined) => v?.unreadable ?? v?.errors.map((e) => `${e.pointer} [${e.clause}]`);

  // Hundreds of validations and a process per record on stdin: minutes on a busy machine, not the default 30 s.
  it('gives every fixture of generated sets, validated alone, its manifest label, and the same verdict in its folder and on stdin', async () => {
    const rules = new Set<string>();
    const onStdin: Array<{ path: string; alone: Verdict }> = [];
    for (const seed of [5, 23]) {
      const dir = join(work, `one-verdict-${String(seed)}`);
      expect((await conform(['records', 'generate', '--count', '200', '--seed', String(seed), '--invalid-ratio', '0.6', '--out', dir])).status).toBe(0);
      const manifest = manifestOf(dir);
      const paths = manifest.map((m) => join(dir, m.file));
      // Each file given on its own (not as the folder), all in one run.
      const alone = verdicts(await conform(['records', 'validate', '--json', ...paths]));
      const inFolder = verdicts(await conform(['records', 'validate', '--json', dir]));
      expect(alone).toHaveLength(manifest.length);
      manifest.forEach((m, i) => {
        const shown = `${m.file} (${readFileSync(paths[i]!, 'utf8').slice(0, 120)})`;
        expect(alone[i]!.file).toBe(paths[i]);
        expect(alone[i]!.valid, shown).toBe(m.valid);
        if (m.rule) expect(alone[i]!.errors.map((e) => e.clause), shown).toContain(m.rule);
        expect(inFolder[i]!.agrees, shown).toBe(true);
        expect(errorsOf(alone[i]), shown).toEqual(errorsOf(inFolder[i]));
        if (m.rule) rules.add(m.rule);
        // On stdin, one process each: every record that is no object (arrays, strings, numbers), and the
        // first valid one, pretty-printed over many lines.
        if (m.rule === 'UR-OBJECT' || (m.valid && !onStdin.some((x) => x.alone.valid))) onStdin.push({ path: paths[i]!, alone: alone[i]! });
      });
    }
    expect([...rules].sort()).toEqual([...recordClauseIds].sort());
    // The kind that was once read as a list of records: a pretty-printed array whose elements are objects.
    expect(onStdin.some(({ path }) => /^\[\n {2}\{/.test(readFileSync(path, 'utf8')))).toBe(true);
    for (const { path, alone } of onStdin) {
      const r = await conform(['records', 'validate', '--json', '-'], readFileSync(path, 'utf8'));
      const [piped] = verdicts(r);
      expect({ valid: piped?.valid, errors: errorsOf(piped) }, path).toEqual({ valid: alone.valid, errors: errorsOf(alone) });
    }
  }, 180_000);

  it('the reference commands keep their contract: `records validate` judges each corpus record alone, `records validate --tree` is a set validator', async () => {
    // Every record of the unit-record suite's corpus, each file given alone, in one run.
    const dir = join(work, 'corpus');
    mkdirSync(dir, { recursive: true });
    const corpus = buildCorpus(7);
    const paths = corpus.map((c) => {
      const path = join(dir, `${c.name}.json`);
      writeFileSync(path, c.text);
      return path;
    });
    const alone = await conform(['records', 'validate', '--json', ...paths]);
    expect(alone.stderr).toBe('');
    verdicts(alone).forEach((v, i) => expect(v.valid, `${corpus[i]!.name}: ${corpus[i]!.note}`).toBe(corpus[i]!.valid));

    // `conform run unit-record --validator-set "conform records validate --tree"`, as README gives it.
    const command = `'${process.execPath}' '${bin}' records validate --tree`;
    const run = await runConform(['run', 'unit-record', '--validator-set', command]);
    expect(run.exitCode, run.stderr + run.stdout.slice(-2000)).toBe(0);
    const checks = run.report!.checks.filter((c) => c.target === `set validator: ${command}`);
    expect(checks.length).toBeGreaterThanOrEqual(4);
    expect(checks.filter((c) => c.status !== 'passed')).toEqual([]);
  }, 180_000);
});
