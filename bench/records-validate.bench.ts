// `conform records validate` on NDJSON, through the command line (a child process reading a file or
// stdin), against validateRecord in-process on the same 100,000 generated records, side by side in one
// run; then the command's peak RSS on 1,000,000 records against 100,000.
// `node bench/records-validate.bench.ts`. Goals: the CLI at 0.5x validateRecord's in-process rate or
// better; peak RSS for 1,000,000 records within 1.2x of that for 100,000 (constant memory).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, mkdtempSync, openSync, closeSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { iterateRecords } from '../src/records/generateRecords.ts';
import { validateRecord } from '../src/records/validateRecord.ts';
import { printTable, type BenchRow } from './printTable.ts';

const RECORDS = 100_000;
const MEMORY_REPEATS = 10;
const ROUNDS = 3;
const INVALID_RATIO = 0.1;

const work = mkdtempSync(join(tmpdir(), 'conform-bench-validate-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const ndjson = join(work, 'records.ndjson');
const runCli = new URL('./runCli.ts', import.meta.url).pathname;

// The NDJSON `conform records generate --count 100000 --invalid-ratio 0.1` writes, made in-process.
{
  const fd = openSync(ndjson, 'w');
  let buffer = '';
  for (const generated of iterateRecords({ count: RECORDS, seed: 1, invalidRatio: INVALID_RATIO })) {
    buffer += JSON.stringify(generated) + '\n';
    if (buffer.length > 1 << 20) {
      writeFileSync(fd, buffer);
      buffer = '';
    }
  }
  writeFileSync(fd, buffer);
  closeSync(fd);
}
const megabytes = statSync(ndjson).size / 1e6;

interface Measure {
  seconds: number;
  cpuSeconds: number;
  maxRssBytes?: number;
}

/** In-process: the same lines, parsed in batches; only the validateRecord calls (or parse + validate) are timed. */
async function inProcess(withParse: boolean): Promise<Measure> {
  let seconds = 0;
  let cpuSeconds = 0;
  let sink = 0;
  let batch: string[] = [];
  const run = () => {
    const parsed = withParse ? [] : batch.map((line) => (JSON.parse(line) as { record: unknown }).record);
    const start = performance.now();
    const cpu = process.cpuUsage();
    if (withParse) for (const line of batch) sink += validateRecord((JSON.parse(line) as { record: unknown }).record).length;
    else for (const record of parsed) sink += validateRecord(record).length;
    const used = process.cpuUsage(cpu);
    seconds += (performance.now() - start) / 1000;
    cpuSeconds += (used.user + used.system) / 1e6;
    batch = [];
  };
  // Split on \n alone: readline would also split inside strings, at U+2028 and U+2029.
  const lines = readFileSync(ndjson, 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) {
    batch.push(line);
    if (batch.length === 1000) run();
  }
  run();
  if (sink < 0) console.log(sink);
  return { seconds, cpuSeconds };
}

/** The command line in a child process: wall time from spawn to exit, its CPU time and peak RSS. */
async function cli(args: string[], stdin?: { file: string; times: number }): Promise<Measure> {
  const usageFile = join(work, 'usage.json');
  const start = performance.now();
  const child = spawn(process.execPath, [runCli, 'records', 'validate', ...args], {
    env: { ...process.env, CONFORM_BENCH_USAGE: usageFile },
    stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'inherit'],
  });
  if (stdin) {
    for (let i = 0; i < stdin.times; i++) for await (const chunk of createReadStream(stdin.file, { highWaterMark: 1 << 20 })) if (!child.stdin!.write(chunk)) await once(child.stdin!, 'drain');
    child.stdin!.end();
  }
  const [code] = (await once(child, 'exit')) as [number | null];
  const seconds = (performance.now() - start) / 1000;
  if (code !== 0) throw new Error(`conform records validate exited ${String(code)}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { maxRssBytes: number; cpuSeconds: number };
  return { seconds, ...usage };
}

const cases: Record<string, () => Promise<Measure>> = {
  'validateRecord in-process': () => inProcess(false),
  'JSON.parse + validateRecord in-process': () => inProcess(true),
  'CLI: validate FILE.ndjson': () => cli([ndjson]),
  'CLI: validate --workers 0 FILE.ndjson': () => cli(['--workers', '0', ndjson]),
  'CLI: validate --workers 2 FILE.ndjson': () => cli(['--workers', '2', ndjson]),
  'CLI: validate - (stdin pipe)': () => cli(['-'], { file: ndjson, times: 1 }),
  'CLI: validate --json FILE.ndjson': () => cli(['--json', ndjson]),
};
const best: Record<string, Measure> = {};
// Interleaved rounds, so that a slow moment of the shared machine hits every case alike.
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, measure] of Object.entries(cases)) {
    const m = await measure();
    if (!best[name] || m.seconds < best[name].seconds) best[name] = m;
  }
}
const rows: BenchRow[] = Object.entries(best).map(([name, m]) => ({
  name,
  value: RECORDS / m.seconds,
  unit: 'records/s',
  extra: {
    'per CPU second': Math.round(RECORDS / m.cpuSeconds).toLocaleString('en-US'),
    'MB/s': (megabytes / m.seconds).toFixed(0),
    ...(m.maxRssBytes !== undefined && { 'peak RSS': `${(m.maxRssBytes / 2 ** 20).toFixed(0)} MiB` }),
  },
}));
printTable(
  `validation of ${RECORDS.toLocaleString('en-US')} generated records as NDJSON (${megabytes.toFixed(0)} MB, ${String(INVALID_RATIO * 100)}% invalid, ${String(availableParallelism())} cores; goal: CLI >= 0.5x validateRecord in-process)`,
  rows,
  'validateRecord in-process',
);

// Constant memory: the same 100,000 lines piped 1 and 10 times into one run (the records repeat; nothing
// is kept per record, so that costs the run nothing it would not otherwise pay).
const memoryRows: BenchRow[] = [];
for (const workers of [[], ['--workers', '0']]) {
  for (const times of [1, MEMORY_REPEATS]) {
    const m = await cli([...workers, '-'], { file: ndjson, times });
    const name = `${(RECORDS * times).toLocaleString('en-US')} records${workers.length ? ', --workers 0' : ''}`;
    memoryRows.push({ name, value: m.maxRssBytes! / 2 ** 20, unit: 'MiB', extra: { seconds: m.seconds.toFixed(1), 'records/s': Math.round((RECORDS * times) / m.seconds).toLocaleString('en-US') } });
  }
}
printTable('peak RSS of `conform records validate -` on NDJSON piped in (goal: 1,000,000 within 1.2x of 100,000)', memoryRows, memoryRows[0]!.name);

const verdict = (met: boolean) => (met ? 'goal met' : 'goal missed');
const ratio = rows[2]!.value / rows[0]!.value;
console.log(`\nCLI (file)/validateRecord in-process: ${ratio.toFixed(2)} (${verdict(ratio >= 0.5)}); --workers 0: ${(rows[3]!.value / rows[0]!.value).toFixed(2)}`);
// The command must parse what it validates; in-process, parsing alone costs more than validating.
console.log(`CLI (file)/JSON.parse + validateRecord in-process: ${(rows[2]!.value / rows[1]!.value).toFixed(2)}`);
for (const at of [0, 2]) {
  const rssRatio = memoryRows[at + 1]!.value / memoryRows[at]!.value;
  console.log(`RSS ${memoryRows[at + 1]!.name}/${memoryRows[at]!.name}: ${rssRatio.toFixed(2)} (${verdict(rssRatio <= 1.2)})`);
}
