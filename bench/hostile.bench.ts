// `npm run bench -- hostile`: what `conform run` costs against targets that answer no request properly
// (never, headers only, an endless body, a byte a second, a gzip bomb inflating to 1 GiB, 1 MiB of
// headers), at the default bounds: how long the run takes, its exit code, and the peak memory of the
// whole process tree (the CLI and its vitest workers, sampled from /proc every 50 ms; Linux only), beside
// the same run against the embedded targets, which answer properly.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hostileBehaviours, startHostileTarget } from '../src/testing/startHostileTarget.ts';
import { MiB } from './loadTest.ts';
import { printTable, type BenchRow } from './printTable.ts';

const bin = fileURLToPath(new URL('../bin/conform.js', import.meta.url));
const pageBytes = 4096;

interface Measured {
  exitCode: number;
  seconds: number;
  peakTreeBytes: number;
  lastLine: string;
}

/** Resident bytes of `root` and every process below it. */
function treeRss(root: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      rss.set(Number(entry), Number(readFileSync(`/proc/${entry}/statm`, 'utf8').split(' ')[1]) * pageBytes);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, bytes] of rss) if (inTree(pid)) total += bytes;
  return total;
}

async function measure(args: string[], env: Record<string, string>): Promise<Measured> {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out = (out + d).slice(-2000)));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out = (out + d).slice(-2000)));
  let peakTreeBytes = 0;
  const sampler = setInterval(() => (peakTreeBytes = Math.max(peakTreeBytes, treeRss(child.pid!))), 50);
  const exitCode = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 2)));
  clearInterval(sampler);
  const lines = out.trim().split('\n');
  return { exitCode, seconds: (performance.now() - started) / 1000, peakTreeBytes, lastLine: lines.at(-1) ?? '' };
}

const hostile = await startHostileTarget();
const fetchEnv = { SVC_API_KEY: 'bench-key' };
const meetingEnv = { MEETING_CLIENT_ID: 'bench-id', MEETING_CLIENT_SECRET: 'bench-secret', MEETING_ACCOUNT_ID: 'bench-account' };
const runs: Array<{ name: string; args: string[]; env: Record<string, string> }> = [
  { name: 'fetch-service, embedded targets', args: ['run', 'fetch-service'], env: {} },
  { name: 'meeting-platform, embedded mock', args: ['run', 'meeting-platform'], env: {} },
];
// Every behaviour below the base URLs (the reachability check passes, every check's request meets it):
// how long a whole run takes at the default deadlines. Memory matters most for the two that send bytes
// without end; those are also run at the base URL, where the check before the run meets them.
for (const behaviour of hostileBehaviours.filter((b) => b !== 'redirect')) {
  runs.push({ name: `fetch-service, ${behaviour} below the base URL`, args: ['run', 'fetch-service', '--base-url', hostile.base(behaviour)], env: fetchEnv });
  if (behaviour === 'endless' || behaviour === 'gzip-bomb') {
    runs.push({ name: `fetch-service, ${behaviour} at the base URL`, args: ['run', 'fetch-service', '--base-url', hostile.url(behaviour)], env: fetchEnv });
  }
  runs.push({ name: `meeting-platform, ${behaviour} below the base URLs`, args: ['run', 'meeting-platform', '--auth-url', hostile.base(behaviour), '--api-base-url', hostile.base(behaviour)], env: meetingEnv });
}

const rows: BenchRow[] = [];
for (const [i, run] of runs.entries()) {
  // Some runs take a minute or two (each waits out the default deadlines): say which one is going.
  process.stderr.write(`[${String(i + 1)}/${String(runs.length)}] ${run.name}\n`);
  const m = await measure(run.args, run.env);
  rows.push({ name: run.name, value: m.peakTreeBytes / MiB, unit: 'MiB peak RSS', extra: { exit: String(m.exitCode), seconds: m.seconds.toFixed(1), outcome: m.lastLine.slice(0, 100) } });
}
await hostile.close();
printTable('conform run at the default bounds (64 MiB body cap): peak RSS of the process tree', rows, 'fetch-service, embedded targets');
