// `npm test`: type-check, then the tests. Where the kernel allows it the tests run in a fresh network
// namespace that has only loopback, a wall behind the loopback-only connectors: even code under test
// that is wrong cannot reach another address. CONFORM_TEST_NO_WALL=1 runs without the wall.
import { spawnSync } from 'node:child_process';

const vitestArgs = process.argv.slice(2);

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
process.exitCode = status;
