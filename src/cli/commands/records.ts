import { Command, Option } from 'commander';
import { numberRules } from '../../harness/options/numberRules.ts';
import { defaultSeed } from '../../harness/suite-api/targets.ts';
import { RecordFolderError } from '../../records/RecordFolderError.ts';
import type { ValidationTally } from '../../records/ValidationTally.ts';
import { writeToReader } from '../../records/writeToReader.ts';
import { asUsageError } from '../asUsageError.ts';
import { numberOption, parseShard } from '../parseOptions.ts';
import { ProgressLine } from '../ProgressLine.ts';
import { UsageError } from '../UsageError.ts';

// The records library loads only when a records command runs, and only the part it needs: every other
// command starts without ajv and fast-check, and validate without fast-check. (What is imported above
// is small: an error class and a stdout writer.)

const stdinName = '<stdin>';

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
Records are drawn at random, by seed (by default 7, the seed conform run uses too): valid ones
only, unless --invalid-ratio R makes that share of them invalid, each breaking exactly one clause.
Without --out, each record is one line of NDJSON on stdout: {"record": ..., "valid": true|false,
"rule": "UR-..."} (rule, the clause an invalid record breaks, only on invalid ones). With --out DIR,
each record is a file DIR/record-0001.json and DIR/manifest.json lists [{file, valid, rule?}]; DIR and
the folders above it are made when missing (exit 2 at once, with why, where they cannot be).
The same count, seed and ratio always give the same bytes. Files already in DIR with other names are
left as they are.

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
    .summary('record fixtures generated by seed: valid ones, and with --invalid-ratio invalid ones each breaking one clause')
    .addOption(numberOption('--count <n>', 'how many records', numberRules.count).makeOptionMandatory())
    .addOption(numberOption('--seed <s>', 'seed, 0 to 4294967295: same seed, same bytes', numberRules.seed).default(defaultSeed))
    .addOption(numberOption('--invalid-ratio <r>', 'share of invalid records, 0 to 1 (0: every record valid)', numberRules.ratio).default(0))
    .addOption(new Option('--out <dir>', 'write one JSON file per record plus manifest.json into DIR'))
    .addOption(new Option('--shard <i/n>', 'only part I of N of the set, for generating it on N machines (see below)').argParser(parseShard))
    .addHelpText('after', generateHelp)
    .action(async (options: GenerateOptions) => {
      await (options.out === undefined ? generateToStdout(options) : generateToFolder(options, options.out));
      process.exitCode = 0;
    });

  records
    .command('merge')
    .summary("join the manifest parts of a set generated in shards into its manifest.json")
    .argument('<dir>', "the folder holding every shard's files")
    .addHelpText('after', mergeHelp)
    .action(async (dir: string) => {
      await mergeFolder(dir);
      process.exitCode = 0;
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

async function generateToStdout(options: GenerateOptions): Promise<void> {
  const { writeGeneratedNdjson } = await import('../../records/writeGeneratedNdjson.ts');
  await writeGeneratedNdjson(options, process.stdout);
}

async function generateToFolder(options: GenerateOptions, dir: string): Promise<void> {
  const { writeFixtureFolder } = await import('../../records/writeFixtureFolder.ts');
  const { records, invalid, from, to, manifest } = await writeFixtureFolder(options, dir).catch((err: unknown) => {
    throw err instanceof RecordFolderError ? new UsageError(`--out ${err.message}`) : err;
  });
  const { shard, count } = options;
  const which = shard ? `, ${String(from + 1)} to ${String(to)} of ${String(count)} (shard ${shard.index}/${shard.count}; ` : ' (';
  await writeToReader(process.stdout, `wrote ${String(records)} records${which}${String(invalid)} invalid) and ${manifest} to ${dir}\n`);
}

async function mergeFolder(dir: string): Promise<void> {
  const { mergeManifestFolder } = await import('../../records/mergeManifestFolder.ts');
  const { parts, records, manifest } = await mergeManifestFolder(dir).catch(asUsageError(RecordFolderError));
  await writeToReader(process.stdout, `merged ${String(parts)} manifest parts into ${manifest}: ${String(records)} records\n`);
}

async function validateCommand(args: string[], { json, expect, tree, array, workers }: ValidateOptions): Promise<number> {
  if (args.filter((a) => a === '-').length > 1) throw new UsageError('- (stdin) can be given only once');
  const { writeVerdicts } = await import('../../records/writeVerdicts.ts');
  const inputs = args.map((a) => (a === '-' ? { name: stdinName, chunks: process.stdin } : a));
  // On a terminal, stderr shows how a long run is going.
  const progress = new ProgressLine(process.stderr);
  try {
    const tally = await writeVerdicts(inputs, { json, expect, tree, arrays: array, ...(workers !== undefined && { workers }) }, {
      out: process.stdout,
      beforeWrite: () => {
        if (process.stdout.isTTY) progress.clear();
      },
      unreadable: (line) => {
        progress.clear();
        process.stderr.write(`conform: ${line}\n`);
      },
      progress: (counts) => progress.update(() => progressText(counts, progress.elapsedMs)),
    });
    return tally.exitCode;
  } finally {
    progress.clear();
  }
}

function progressText(tally: ValidationTally, elapsedMs: number): string {
  const rate = tally.records / (elapsedMs / 1000);
  const bad = tally.unreadable > 0 ? `, ${tally.unreadable.toLocaleString('en-US')} unreadable` : '';
  return `validating: ${tally.records.toLocaleString('en-US')} records (${Math.round(rate).toLocaleString('en-US')}/s), ${tally.invalid.toLocaleString('en-US')} invalid${bad}`;
}
