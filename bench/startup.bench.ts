// CPU a process spends starting, side by side in one run: Node alone (the floor), @mswjs/data loaded
// as its package gives it and as mocks/meeting-platform/mswData.ts loads it (without date-fns whole),
// and `conform --version`. The tests start a few hundred processes (conform commands, mocks, hosts), so a
// tenth of a second each is tens of CPU-seconds a test run. Each row runs in turn, round by round, and
// keeps its median: a machine busy with other work weighs on all alike. CPU is read from the kernel's
// account of this process's reaped children (/proc/self/stat), so this bench runs on Linux only.
// `npm run bench -- startup` (BENCH_ROUNDS, default 15).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printTable } from './printTable.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);

const rows: Array<{ name: string; args: string[] }> = [
  { name: 'node -e 0 (the floor)', args: ['-e', '0'] },
  { name: "require('@mswjs/data')", args: ['-e', "require('@mswjs/data')"] },
  { name: 'mocks/meeting-platform/mswData.ts', args: ['-e', "import('./mocks/meeting-platform/mswData.ts')"] },
  { name: 'conform --version', args: ['bin/conform.js', '--version'] },
];

/** CPU seconds (user + system) of the children this process has reaped. */
function childrenCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

if (process.platform !== 'linux') {
  console.log('startup.bench.ts reads CPU from /proc: Linux only; skipped');
} else {
  const samples = rows.map(() => [] as number[]);
  // One start of each first, unmeasured: it fills Node's compile cache where NODE_COMPILE_CACHE is set (npm test sets it).
  for (const row of rows) spawnSync(process.execPath, row.args, { cwd: root, stdio: 'ignore' });
  for (let round = 0; round < rounds; round++) {
    rows.forEach((row, i) => {
      const before = childrenCpu();
      const r = spawnSync(process.execPath, row.args, { cwd: root, stdio: 'ignore' });
      if (r.status !== 0) throw new Error(`${row.name}: exit ${r.status}`);
      samples[i]!.push(childrenCpu() - before);
    });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const floor = median(samples[0]!);
  printTable(
    `CPU to start, median of ${rounds} rounds ("above the floor" leaves out Node's own start)`,
    rows.map((row, i) => ({ name: row.name, value: median(samples[i]!), unit: 'CPU s', extra: { 'above the floor': `${(median(samples[i]!) - floor).toFixed(2)} s` } })),
    rows[1]!.name,
  );
  const plain = median(samples[1]!) - floor;
  const slim = median(samples[2]!) - floor;
  console.log(`\n@mswjs/data through mswData.ts: ${(slim / plain).toFixed(2)}x the CPU above Node's own start`);
}
