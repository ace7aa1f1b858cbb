// `npm test`: type-check, then the tests. Where the kernel allows it the tests run in a fresh network
// namespace that has only loopback, a wall behind the loopback-only connectors: even code under test
// that is wrong cannot reach another address. CONFORM_TEST_NO_WALL=1 runs without the wall.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

// vitest's JSON summary as well as its console report, so the run can end on one plain line of
// counts ("N passed, N failed") that any CI can read.
const summaryFile = '.tmp/vitest-summary.json';
const vitestArgs = ['--reporter=default', '--reporter=json', `--outputFile.json=${summaryFile}`, ...process.argv.slice(2)];

function run(cmd: string, args: string[]): number {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.error) throw r.error;
  return r.status ?? 1;
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
let status = run('tsc', ['-p', 'tsconfig.json']);
if (status === 0) {
  const wall = wallAvailable();
  if (wall) {
    console.log('tests run in a network namespace with loopback only (unshare ' + wall.join(' ') + ')');
    const script = 'ip link set lo up 2>/dev/null || true; exec vitest run "$@"';
    status = run('unshare', [...wall, 'sh', '-c', script, 'sh', ...vitestArgs]);
  } else {
    console.log('no network namespace available here: tests run on the host network (loopback connectors still apply)');
    status = run('vitest', ['run', ...vitestArgs]);
  }
}
if (existsSync(summaryFile)) {
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  console.log(`\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests + summary.numTodoTests} skipped`);
}
process.exitCode = status;
