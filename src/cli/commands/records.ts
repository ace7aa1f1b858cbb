import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import type { ManifestEntry, ManifestPart } from '../../records/manifestParts.ts';
import { numberRules } from '../../harness/numberRules.ts';
import { numberOption, parseShard } from '../parseOptions.ts';
import { ProgressLine } from '../ProgressLine.ts';
import { UsageError } from '../UsageError.ts';

// The records library loads only when a records command runs, and only the part it needs: every other
// command starts without ajv and fast-check, and validate without fast-check.
const generator = async () => ({
  ...(await import('../../records/generateRecords.ts')),
  ...(await import('../../records/manifestParts.ts')),
  ...(await import('../../records/fixtureText.ts')),
});
const validator = async () => ({
  ...(await import('../../records/validateInputs.ts')),
  ...(await import('../../records/ValidationTally.ts')),
  ...(await import('../../records/describeOutcome.ts')),
});

const defaultSeed = 1;

interface GenerateOptions {
  count: number;
  seed: number;
  invalidRatio: number;
  out?: string;
  shard?: { index: number; count: number };
}

interface ValidateOptions {
  workers?: number;
  expect?: boolean;
  tree?: boolean;
  array?: boolean;
  json?: boolean;
}

const generateHelp = `
Without --out, each record is one line of NDJSON on stdout: {"record": ..., "valid": true|false,
"rule": "UR-..."} (rule, the clause an invalid record breaks, only on invalid ones). With --out DIR,
each record is a file DIR/record-0001.json and DIR/manifest.json lists [{file, valid, rule?}].
The same count, seed and ratio always give the same bytes; each invalid record breaks exactly
one clause. Files already in DIR with other names are left as they are.

--shard I/N makes part I of N of the same set, on as many machines: the records at its positions,
named and written byte for byte as the whole set has them (on stdout, the shards' outputs in order
are the whole NDJSON). With --out, a shard writes DIR/manifest-I-of-N.json (its entries) instead of
manifest.json; gather every shard's files in one folder and \`conform records merge DIR\` joins the
parts, in shard order, into the manifest.json the whole set has.`;

const mergeHelp = `
DIR holds what every shard of one set wrote (\`records generate --count N --seed S --shard I/N --out\`):
the record files and each shard's manifest-I-of-N.json. The parts are joined in shard order into
DIR/manifest.json, the same bytes as an unsharded run writes, and then removed. Refused (exit 2,
nothing changed) when a part is missing, the parts are of different sets, or a listed file is not there.`;

const validateHelp = `
Inputs: each record is read once, and gets the same verdict however it is given.
  FILE   one record: the whole file, on one line or pretty-printed, whatever it holds (a file
         holding a JSON array is one record that is an array, invalid by UR-OBJECT); a file named
         *.ndjson or *.jsonl is NDJSON, one record per line
  DIR    every *.json file in it, in name order, each one record as a FILE is (as generate --out
         writes them); DIR/manifest.json ([{file, valid, rule?}]) is read as the files' labels, not as
         a record
  -      standard input: NDJSON (generate's output as it is); one record spread over many lines
         (pretty-printed) when its first line is no JSON value on its own, and its second line no
         JSON object starting at the line's first character
--array reads a FILE or - whose JSON is an array (its first character "[") as a list of records, one
per element, rather than as one record; other content is read as without it, and a directory's files
stay one record each. --tree implies --array: a page's records come as an array, the way a set
validator is given them (conform run unit-record --validator-set "conform records validate --tree").
A record may come as generate writes it, {"record": ..., "valid": ..., "rule": ...}: valid and rule
are then its label.

Labels: a record that has one (a line's valid and rule, its entry in DIR/manifest.json) is compared
with it: labelled valid, it must have no error; labelled invalid, it must break the labelled rule.
Each disagreement is printed with the record's place, id and clauses. --expect also requires every
record to have a label. This proves that fixtures still mean what their labels say.

Output: for an invalid record without a label, a line per error: PLACE: POINTER [CLAUSE] MESSAGE.
PLACE is FILE, FILE:LINE (NDJSON, lines from 1) or FILE[INDEX] (--array, from 0); POINTER is a
JSON Pointer into the record, (root) for the record itself; CLAUSE an id of
specs/unit-record.clauses.json. What cannot be read (a file, a line, an element) is reported on
stderr with its place, and the run goes on. The last line sums up: records valid and invalid, the
invalid ones per clause, labels compared, the tree. On a terminal, stderr shows progress on long runs.
--json: one document, written as the run goes: {records: [{file, line?, index?, id?, valid, errors,
label?, agrees?} | {file, line?, index?, unreadable}], tree?: {valid, errors}, summary}.

NDJSON and arrays are streamed: nothing is kept per record (but each record's id and links with
--tree); the 16 MiB limit applies to each record. A leading UTF-8 byte order mark is ignored.
Exit codes: 0 every record valid, or as labelled; 1 a record invalid (without a label), a record
that disagrees with its label, no label with --expect, or with --tree a set that is not a tree;
2 something could not be read, or bad flags.`;

export function registerRecords(program: Command): void {
  const records = program.command('records').summary('generate and validate page-unit records (specs/unit-record.schema.json)');

  records
    .command('generate')
    .summary('fuzzed record fixtures, valid and invalid, deterministic by seed')
    .addOption(numberOption('--count <n>', 'how many records', numberRules.count).makeOptionMandatory())
    .addOption(numberOption('--seed <s>', 'seed, 0 to 4294967295: same seed, same bytes', numberRules.seed).default(defaultSeed))
    .addOption(numberOption('--invalid-ratio <r>', 'share of invalid records, 0 to 1', numberRules.ratio).default(0))
    .addOption(new Option('--out <dir>', 'write one JSON file per record plus manifest.json into DIR'))
    .addOption(new Option('--shard <i/n>', 'only part I of N of the set, for generating it on N machines (see below)').argParser(parseShard))
    .addHelpText('after', generateHelp)
    .action(async (options: GenerateOptions) => {
      await (options.out === undefined ? generateToStdout(options) : generateToDirectory(options, options.out));
    });

  records
    .command('merge')
    .summary("join the manifest parts of a set generated in shards into its manifest.json")
    .argument('<dir>', "the folder holding every shard's files")
    .addHelpText('after', mergeHelp)
    .action(async (dir: string) => {
      process.exitCode = await mergeManifest(dir);
    });

  records
    .command('validate')
    .summary('check records (files, NDJSON, directories, stdin, JSON arrays with --array) against the schema and their labels')
    .argument('<input...>', 'record files, NDJSON files (*.ndjson, *.jsonl), directories of record files; - reads stdin')
    .option('--expect', 'every record must carry a label (manifest entry or a line\'s "valid") and agree with it')
    .option('--tree', "also check that all the records, as one page's, form a tree (unique ids, links, no cycle); implies --array")
    .option('--array', 'read a FILE or - holding a JSON array as its records, one per element (see below)')
    .option('--json', 'print one JSON report instead of lines')
    .addOption(numberOption('--workers <n>', 'worker threads that parse and validate long streams (default: one per core, at most 4, none on one core; 0 = none)', numberRules.workers))
    .addHelpText('after', validateHelp)
    .action(async (inputs: string[], options: ValidateOptions) => {
      process.exitCode = await validateCommand(inputs, options);
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

async function generateToStdout({ count, seed, invalidRatio, shard }: GenerateOptions): Promise<void> {
  const { iterateRecords, shardRange } = await generator();
  let buffer = '';
  let reading = true;
  for (const generated of iterateRecords({ count, seed, invalidRatio, ...(shard ? shardRange(count, shard) : {}) })) {
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

async function generateToDirectory({ count, seed, invalidRatio, shard }: GenerateOptions, dir: string): Promise<void> {
  const { iterateRecords, shardRange, manifestPartName, manifestText, fixtureText } = await generator();
  const width = Math.max(4, String(count).length);
  const manifest: ManifestEntry[] = [];
  const { from, to } = shard ? shardRange(count, shard) : { from: 0, to: count };
  const manifestName = shard ? manifestPartName(shard) : 'manifest.json';
  try {
    await mkdir(dir, { recursive: true });
    let pending: Array<Promise<void>> = [];
    for (const { record, valid, rule } of iterateRecords({ count, seed, invalidRatio, from, to })) {
      // Named by its place in the whole set, so the shards' files together are the unsharded set's.
      const file = `record-${String(from + manifest.length + 1).padStart(width, '0')}.json`;
      manifest.push(rule === undefined ? { file, valid } : { file, valid, rule });
      pending.push(writeFile(join(dir, file), fixtureText(record)));
      // A few dozen writes in flight at once: fast, without a file handle per record.
      if (pending.length >= 64) {
        await Promise.all(pending);
        pending = [];
      }
    }
    await Promise.all(pending);
    const part: ManifestPart | undefined = shard && { count, seed, invalidRatio, shard, entries: manifest };
    await writeFile(join(dir, manifestName), part ? `${JSON.stringify(part, null, 2)}\n` : manifestText(manifest));
  } catch (err) {
    const { code, message } = err as NodeJS.ErrnoException;
    throw new UsageError(`cannot write to ${dir}: ${code === 'ENOTDIR' || code === 'EEXIST' ? 'a file is in the way' : (code ?? message)}`);
  }
  const invalid = manifest.filter((m) => !m.valid).length;
  const which = shard ? `, ${String(from + 1)} to ${String(to)} of ${String(count)} (shard ${shard.index}/${shard.count}; ` : ' (';
  await writeStdout(`wrote ${String(manifest.length)} records${which}${String(invalid)} invalid) and ${manifestName} to ${dir}\n`);
  process.exitCode = 0;
}

/** `records merge DIR`: the shards' manifest parts joined into manifest.json, then removed. */
async function mergeManifest(dir: string): Promise<number> {
  const { manifestPartPattern, mergeManifestParts, manifestText } = await import('../../records/manifestParts.ts');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    throw new UsageError(`cannot read ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  const parts: Array<{ name: string; part: ManifestPart }> = [];
  for (const name of names.filter((n) => manifestPartPattern.test(n))) {
    try {
      parts.push({ name, part: JSON.parse(await readFile(join(dir, name), 'utf8')) as ManifestPart });
    } catch {
      throw new UsageError(`${join(dir, name)} is not JSON`);
    }
  }
  const entries = mergeManifestParts(parts);
  if (typeof entries === 'string') throw new UsageError(`${dir}: ${entries}`);
  const present = new Set(names);
  const absent = entries.filter((e) => !present.has(e.file));
  if (absent.length) throw new UsageError(`${dir}: ${String(absent.length)} listed record file(s) are not there, ${absent[0]!.file} the first: copy every shard's files in`);
  await writeFile(join(dir, 'manifest.json'), manifestText(entries));
  await Promise.all(parts.map((p) => rm(join(dir, p.name))));
  await writeStdout(`merged ${String(parts.length)} manifest parts into ${join(dir, 'manifest.json')}: ${String(entries.length)} records\n`);
  return 0;
}

const stdinName = '<stdin>';

/**
 * Collects output and hands it to stdout in large writes, waiting for the reader (so a slow reader
 * slows the run instead of filling memory). False once the reader has gone away.
 */
class StdoutBuffer {
  #text = '';
  #open = true;
  readonly #beforeWrite: () => void;

  constructor(beforeWrite: () => void) {
    this.#beforeWrite = beforeWrite;
  }

  add(text: string): void {
    this.#text += text;
  }

  async flush(ifOver = 0): Promise<boolean> {
    if (!this.#open || this.#text.length <= ifOver) return this.#open;
    this.#beforeWrite();
    const text = this.#text;
    this.#text = '';
    this.#open = await writeStdout(text);
    return this.#open;
  }
}

async function validateCommand(args: string[], options: ValidateOptions): Promise<number> {
  if (args.filter((a) => a === '-').length > 1) throw new UsageError('- (stdin) can be given only once');
  const { validateInputs, ValidationTally, describeOutcome, outcomeJson } = await validator();
  const inputs = args.map((a) => (a === '-' ? { name: stdinName, chunks: process.stdin } : a));
  const tally = new ValidationTally();
  const progress = new ProgressLine(process.stderr);
  const out = new StdoutBuffer(() => {
    if (process.stdout.isTTY) progress.clear();
  });
  const say = async (text: string) => {
    // On a terminal, what came before on stdout shows before it.
    if (process.stdout.isTTY) await out.flush();
    progress.clear();
    process.stderr.write(`conform: ${text}\n`);
  };
  const progressText = () => {
    const rate = tally.records / (progress.elapsedMs / 1000);
    const bad = tally.unreadable > 0 ? `, ${tally.unreadable.toLocaleString('en-US')} unreadable` : '';
    return `validating: ${tally.records.toLocaleString('en-US')} records (${Math.round(rate).toLocaleString('en-US')}/s), ${tally.invalid.toLocaleString('en-US')} invalid${bad}`;
  };

  let treeJson = '';
  let separator = '';
  if (options.json) out.add('{"records": [\n');
  const arrays = options.array === true || options.tree === true;
  for await (const outcomes of validateInputs(inputs, { expect: options.expect, tree: options.tree, arrays, ...(options.workers !== undefined && { workers: options.workers }) })) {
    tally.add(outcomes);
    for (const o of outcomes) {
      if (o.kind === 'tree' && options.json) {
        treeJson = `,\n"tree": ${JSON.stringify(outcomeJson(o))}`;
      } else if (options.json) {
        out.add(separator + JSON.stringify(outcomeJson(o)));
        separator = ',\n';
      } else if (o.kind === 'unreadable') {
        await say(describeOutcome(o)[0]!);
      } else {
        for (const line of describeOutcome(o)) out.add(line + '\n');
      }
    }
    // `validate ... | head`: once the reader is gone, there is no one to tell the rest to.
    if (!(await out.flush(1 << 16))) return tally.exitCode;
    progress.update(progressText);
  }
  progress.clear();
  out.add(options.json ? `\n]${treeJson},\n"summary": ${JSON.stringify(tally)}}\n` : tally.summaryLine() + '\n');
  await out.flush();
  return tally.exitCode;
}
