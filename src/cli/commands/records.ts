import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { UsageError } from '../UsageError.ts';

// The records library loads only when a records command runs, and only the part it needs: every other
// command starts without ajv and fast-check, and validate without fast-check.
const generator = () => import('../../records/generateRecords.ts');
const validator = async () => ({
  ...(await import('../../records/validateRecord.ts')),
  ...(await import('../../records/checkTree.ts')),
  ...(await import('../../records/readRecordFile.ts')),
});

const defaultSeed = 1;

function parseCount(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`--count must be a positive integer, got "${value}"`);
  return n;
}

function parseSeed(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > 0xffffffff) throw new UsageError(`--seed must be an integer from 0 to 4294967295, got "${value}"`);
  return n;
}

function parseRatio(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !(n >= 0 && n <= 1)) throw new UsageError(`--invalid-ratio must be a number from 0 to 1, got "${value}"`);
  return n;
}

interface GenerateOptions {
  count: number;
  seed: number;
  invalidRatio: number;
  out?: string;
}

interface ValidateOptions {
  tree?: boolean;
  json?: boolean;
}

const generateHelp = `
Without --out, each record is one line of NDJSON on stdout: {"record": ..., "valid": true|false,
"rule": "UR-..."} (rule, the clause an invalid record breaks, only on invalid ones). With --out DIR,
each record is a file DIR/record-0001.json and DIR/manifest.json lists [{file, valid, rule?}].
The same count, seed and ratio always give the same bytes; each invalid record breaks exactly
one clause. Files already in DIR with other names are left as they are.`;

const validateHelp = `
Each error is printed as: FILE: POINTER [CLAUSE] MESSAGE (the pointer is a JSON Pointer into the
record, (root) for the record itself; the clause an id of specs/unit-record.clauses.json).
Files over 16 MiB are refused unread. A leading UTF-8 byte order mark is ignored.
Exit codes: 0 every record valid; 1 a record is invalid (or, with --tree, the set is not a tree);
2 a file could not be read (missing, not JSON, empty, too large) or bad flags. Every file is
checked even when an earlier one fails.`;

export function registerRecords(program: Command): void {
  const records = program.command('records').summary('generate and validate page-unit records (specs/unit-record.schema.json)');

  records
    .command('generate')
    .summary('fuzzed record fixtures, valid and invalid, deterministic by seed')
    .addOption(new Option('--count <n>', 'how many records').argParser(parseCount).makeOptionMandatory())
    .addOption(new Option('--seed <s>', 'seed, 0 to 4294967295: same seed, same bytes').argParser(parseSeed).default(defaultSeed))
    .addOption(new Option('--invalid-ratio <r>', 'share of invalid records, 0 to 1').argParser(parseRatio).default(0))
    .addOption(new Option('--out <dir>', 'write one JSON file per record plus manifest.json into DIR'))
    .addHelpText('after', generateHelp)
    .action(async (options: GenerateOptions) => {
      await (options.out === undefined ? generateToStdout(options) : generateToDirectory(options, options.out));
    });

  records
    .command('validate')
    .summary('check record files against the schema; exit 0 valid, 1 invalid, 2 unreadable')
    .argument('<file...>', 'record files (one JSON record each); - reads one record from stdin')
    .option('--tree', "also check that the files, as one page's records, form a tree (unique ids, links, no cycle)")
    .option('--json', 'print one JSON report instead of lines')
    .addHelpText('after', validateHelp)
    .action(async (files: string[], options: ValidateOptions) => {
      process.exitCode = await validateFiles(files, options);
    });
}

/**
 * Writes to stdout and waits until the text is handed over. False when the reader has gone away (EPIPE:
 * `conform records ... | head`), which is the reader's choice, not an error.
 */
async function writeStdout(text: string): Promise<boolean> {
  // A failed write also emits 'error', which unheard would end the process with a stack trace; the
  // write's own callback reports the failure instead.
  const heard = () => undefined;
  process.stdout.on('error', heard);
  try {
    await new Promise<void>((resolve, reject) => process.stdout.write(text, (err) => (err ? reject(err) : resolve())));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return false;
    throw err;
  } finally {
    process.stdout.off('error', heard);
  }
}

async function generateToStdout({ count, seed, invalidRatio }: GenerateOptions): Promise<void> {
  const { iterateRecords } = await generator();
  let buffer = '';
  let reading = true;
  for (const generated of iterateRecords({ count, seed, invalidRatio })) {
    buffer += JSON.stringify(generated) + '\n';
    if (buffer.length > 1 << 16) {
      reading = await writeStdout(buffer);
      buffer = '';
      if (!reading) break;
    }
  }
  if (reading) await writeStdout(buffer);
  process.exitCode = 0;
}

async function generateToDirectory({ count, seed, invalidRatio }: GenerateOptions, dir: string): Promise<void> {
  const { iterateRecords } = await generator();
  const width = Math.max(4, String(count).length);
  const manifest: Array<{ file: string; valid: boolean; rule?: string }> = [];
  try {
    await mkdir(dir, { recursive: true });
    let pending: Array<Promise<void>> = [];
    for (const { record, valid, rule } of iterateRecords({ count, seed, invalidRatio })) {
      const file = `record-${String(manifest.length + 1).padStart(width, '0')}.json`;
      manifest.push(rule === undefined ? { file, valid } : { file, valid, rule });
      pending.push(writeFile(join(dir, file), JSON.stringify(record, null, 2) + '\n'));
      // A few dozen writes in flight at once: fast, without a file handle per record.
      if (pending.length >= 64) {
        await Promise.all(pending);
        pending = [];
      }
    }
    await Promise.all(pending);
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  } catch (err) {
    const { code, message } = err as NodeJS.ErrnoException;
    throw new UsageError(`cannot write to ${dir}: ${code === 'ENOTDIR' || code === 'EEXIST' ? 'a file is in the way' : (code ?? message)}`);
  }
  const invalid = manifest.filter((m) => !m.valid).length;
  await writeStdout(`wrote ${String(count)} records (${String(invalid)} invalid) and manifest.json to ${dir}\n`);
  process.exitCode = 0;
}

interface FileReport {
  file: string;
  /** Why the file could not be read; when set, there is no verdict. */
  unreadable?: string;
  valid?: boolean;
  errors?: Array<{ pointer: string; clause: string; message: string }>;
}

const stdinName = '<stdin>';

async function validateFiles(files: string[], options: ValidateOptions): Promise<number> {
  if (files.filter((f) => f === '-').length > 1) throw new UsageError('- (stdin) can be given only once');
  const { checkTree, parseRecordBytes, readCapped, readRecordFile, validateRecord } = await validator();
  const reports: FileReport[] = [];
  const parsed: Array<{ name: string; value: unknown }> = [];
  for (const file of files) {
    const name = file === '-' ? stdinName : file;
    const read = file === '-' ? parseRecordBytes(await readCapped(process.stdin)) : await readRecordFile(file);
    if (!read.ok) {
      reports.push({ file: name, unreadable: read.reason });
      continue;
    }
    const errors = validateRecord(read.value);
    reports.push({ file: name, valid: errors.length === 0, errors: [...errors] });
    parsed.push({ name, value: read.value });
  }
  const treeErrors = options.tree
    ? checkTree(parsed.map((p) => p.value), parsed.map((p) => p.name)).map(({ index, ...e }) => ({ file: parsed[index]!.name, ...e }))
    : [];

  const unreadable = reports.filter((r) => r.unreadable !== undefined).length;
  const invalid = reports.filter((r) => r.valid === false).length;
  const exitCode = unreadable > 0 ? 2 : invalid > 0 || treeErrors.length > 0 ? 1 : 0;

  if (options.json) {
    const summary = { files: reports.length, valid: reports.length - invalid - unreadable, invalid, unreadable, exitCode };
    const report = { files: reports, ...(options.tree ? { tree: { valid: treeErrors.length === 0, errors: treeErrors } } : {}), summary };
    await writeStdout(JSON.stringify(report, null, 2) + '\n');
    return exitCode;
  }
  const lines: string[] = [];
  for (const r of reports) {
    if (r.unreadable !== undefined) process.stderr.write(`conform: ${r.file} ${r.unreadable}\n`);
    for (const e of r.errors ?? []) lines.push(errorLine(r.file, e));
  }
  for (const e of treeErrors) lines.push(errorLine(e.file, e));
  const counts = [`${String(reports.length - invalid - unreadable)} valid`, `${String(invalid)} invalid`];
  if (unreadable) counts.push(`${String(unreadable)} unreadable`);
  if (options.tree) counts.push(treeErrors.length ? `not a tree (${String(treeErrors.length)} error(s))` : 'the set forms a tree');
  lines.push(`${String(reports.length)} file(s): ${counts.join(', ')}`);
  await writeStdout(lines.join('\n') + '\n');
  return exitCode;
}

function errorLine(file: string, e: { pointer: string; clause: string; message: string }): string {
  return `${file}: ${e.pointer === '' ? '(root)' : e.pointer} [${e.clause}] ${e.message}`;
}
