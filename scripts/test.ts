// `npm test`: the type-check and the tests, side by side (tsc's report printed when the tests end). Where the kernel allows it the tests run in a fresh network
// namespace that has only loopback, a wall behind the loopback-only connectors: even code under test
// that is wrong cannot reach another address. CONFORM_TEST_NO_WALL=1 runs without the wall.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

// vitest's JSON summary as well as its console report, so the run can end on one plain line of
// counts ("N passed, N failed") that any CI can read.
const summaryFile = '.tmp/vitest-summary.json';
const vitestArgs = ['--reporter=default', '--reporter=json', `--outputFile.json=${summaryFile}`, ...process.argv.slice(2)];

/** Runs the command, its output on this terminal (or, with `capture`, kept and resolved with its status). */
function run(cmd: string, args: string[], capture = false): Promise<{ status: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

function wallAvailable(): string[] | undefined {
  if (process.env.CONFORM_TEST_NO_WALL === '1' || process.platform !== 'linux') return undefined;
  // Root can make a network namespace directly; anyone else needs a user namespace with it.
  for (const flags of [['-n'], ['-rn']]) {
    const probe = spawnSync('unshare', [...flags, 'true'], { stdio: 'ignore' });
    if (probe.status === 0) return flags;
  }
  return undefined;
}

mkdirSync('.tmp', { recursive: true });
rmSync(summaryFile, { force: true });
// Node's compile cache for every process the tests start (vitest's workers, each `conform` run and the
// vitest it starts): a process that loads modules compiled before skips compiling them again.
process.env.NODE_COMPILE_CACHE ??= resolve('.tmp/node-compile-cache');
// The type-check runs beside the tests, not before them: it is a minute of one core that the tests,
// mostly waiting on sockets and other processes, leave free (and beside busy processes, one more process
// of ours gets its share of the cores).
const typeCheck = run('tsc', ['-p', 'tsconfig.json'], true);
const wall = wallAvailable();
let tests: Promise<{ status: number }>;
if (wall) {
  console.log('tests run in a network namespace with loopback only (unshare ' + wall.join(' ') + ')');
  const script = 'ip link set lo up 2>/dev/null || true; exec vitest run "$@"';
  tests = run('unshare', [...wall, 'sh', '-c', script, 'sh', ...vitestArgs]);
} else {
  console.log('no network namespace available here: tests run on the host network (loopback connectors still apply)');
  tests = run('vitest', ['run', ...vitestArgs]);
}
const [checked, tested] = await Promise.all([typeCheck, tests]);
console.log(checked.status === 0 ? '\ntsc -p tsconfig.json: no type errors' : `\ntsc -p tsconfig.json found type errors:\n${checked.output}`);
const status = checked.status || tested.status;
if (existsSync(summaryFile)) {
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  console.log(`\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests + summary.numTodoTests} skipped`);
}
process.exitCode = status;
