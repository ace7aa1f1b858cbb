// `npm run bench -- tests`: the project's own tests as `npm test` runs them (the type-check beside vitest
// with its console and JSON reporters), timed: the whole wall time, and each test file's time, longest
// first, with their total. `npm run bench -- tests --busy 2` runs two busy processes beside them, as a
// shared machine or a CI runner has; `--save-durations` writes the files' times to
// scripts/testDurations.json (scripts/LongestFirst.ts starts the longest first); other arguments go to
// vitest (`npm run bench -- tests suites/`).
// Exits as the tests did.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startBusy, stopBusy } from './busyProcesses.ts';
import { printTable } from './printTable.ts';
import type { TestFileTime } from './testFileTimes.ts';

const args = process.argv.slice(2);
const busyAt = args.indexOf('--busy');
const busyCount = busyAt < 0 ? 0 : Number(args[busyAt + 1]);
if (!Number.isInteger(busyCount) || busyCount < 0) {
  console.error(`tests bench: --busy takes a count of busy processes, got "${args[busyAt + 1]}"`);
  process.exit(2);
}
// --save-durations: the files' times become scripts/testDurations.json, the order a run starts them in.
const saveDurations = args.includes('--save-durations');
const vitestArgs = (busyAt < 0 ? args : [...args.slice(0, busyAt), ...args.slice(busyAt + 2)]).filter((a) => a !== '--save-durations');

const root = fileURLToPath(new URL('..', import.meta.url));
const timesFile = `${root}.tmp/test-file-times.json`;
mkdirSync(`${root}.tmp`, { recursive: true });
rmSync(timesFile, { force: true });

const busy = await startBusy(busyCount);
const load: number[] = [loadavg()[0]!];
const sampler = setInterval(() => load.push(loadavg()[0]!), 10_000);
const start = performance.now();
let code: number;
try {
  const reporter = fileURLToPath(new URL('./testFileTimes.ts', import.meta.url));
  const child = spawn(process.execPath, ['scripts/test.ts', `--reporter=${reporter}`, ...vitestArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CONFORM_TEST_TIMES: timesFile },
  });
  code = await new Promise<number>((resolve, reject) => child.once('error', reject).once('close', (status) => resolve(status ?? 1)));
} finally {
  clearInterval(sampler);
  await stopBusy(busy);
}
const wallSeconds = (performance.now() - start) / 1000;

let times: TestFileTime[] = [];
try {
  times = JSON.parse(readFileSync(timesFile, 'utf8')) as TestFileTime[];
} catch {
  console.error('tests bench: vitest wrote no file times (vitest did not finish)');
}
times.sort((a, b) => b.importMs + b.runMs - (a.importMs + a.runMs));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rows = times.map((t) => ({
  name: t.file,
  value: (t.importMs + t.runMs) / 1000,
  unit: 's',
  extra: { import: seconds(t.importMs), run: seconds(t.runMs), tests: String(t.tests), project: t.project || '-', ...(t.state === 'passed' ? {} : { state: t.state }) },
}));
const total = times.reduce((sum, t) => sum + t.importMs + t.runMs, 0);
printTable(`test files, longest first (${times.length} files)`, rows);
console.log(`\nfiles' times added up: ${seconds(total)}`);
console.log(
  `npm test, wall time: ${seconds(wallSeconds * 1000)} on ${availableParallelism()} cores, ${busyCount} busy processes beside it, ` +
    `load average ${Math.min(...load).toFixed(1)} to ${Math.max(...load).toFixed(1)}`,
);
if (saveDurations && times.length > 0) {
  // The files of ten seconds or more, in whole seconds: enough to start the long ones first.
  const long = times.filter((t) => t.importMs + t.runMs >= 10_000).map((t) => [t.file, Math.round((t.importMs + t.runMs) / 1000)] as const);
  writeFileSync(`${root}scripts/testDurations.json`, `${JSON.stringify(Object.fromEntries(long), null, 2)}\n`);
  console.log(`wrote scripts/testDurations.json: ${long.length} files of 10 s or more, longest first`);
}
process.exitCode = code;
