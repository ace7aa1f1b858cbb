import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { BenchRow } from './printTable.ts';

/** What one load run measured. */
export interface Load {
  rps: number;
  /** The server's CPU time per request, in microseconds (when its process could be watched). */
  cpuPerRequest?: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and requests that got no answer. */
  non2xx: number;
  errors: number;
}

/**
 * `seconds` of load from autocannon (its own HTTP client, far cheaper than undici's, so the client is not
 * what a fast server is measured against), `connections` keep-alive connections, no pipelining.
 */
export async function loadTest(options: autocannon.Options & { seconds: number; serverPid?: number }): Promise<Load> {
  const { seconds, serverPid, ...rest } = options;
  const cpuBefore = serverPid === undefined ? undefined : cpuSeconds(serverPid);
  const result = await autocannon({ connections: 20, ...rest, duration: seconds });
  const cpuAfter = serverPid === undefined ? undefined : cpuSeconds(serverPid);
  const load: Load = { rps: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
  if (cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0) load.cpuPerRequest = ((cpuAfter - cpuBefore) / result.requests.total) * 1e6;
  return load;
}

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux; undefined elsewhere). Per request,
 * it holds still on a machine that other work shares, where requests per second do not.
 */
function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the command), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The median of some numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The run with the median throughput. */
export function medianRun(runs: readonly Load[]): Load {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The median of the runs' server CPU per request in microseconds; NaN when it could not be read. */
export function medianCpu(runs: readonly Load[]): number {
  return median(runs.map((r) => r.cpuPerRequest ?? NaN));
}

/**
 * How server A compares with server B over rounds they both ran: each round's ratio of throughputs
 * (A / B), and their median; and the median of each round's ratio of B's server CPU per request to A's
 * (NaN when it could not be read). Higher is better for A on both.
 */
export function pairedRatios(a: readonly Load[], b: readonly Load[]): { rounds: number[]; rps: number; cpu: number } {
  if (a.length !== b.length) throw new Error(`paired rounds: ${a.length} against ${b.length}`);
  const rounds = a.map((run, i) => run.rps / b[i]!.rps);
  const cpu = median(a.map((run, i) => (b[i]!.cpuPerRequest ?? NaN) / (run.cpuPerRequest ?? NaN)));
  return { rounds, rps: median(rounds), cpu };
}

/**
 * The order servers take in round `round`: as given, and reversed every other round (mirrored rounds: no
 * server always follows another, so a machine warming up or busy with other work hits all alike).
 */
export function roundOrder<T>(servers: readonly T[], round: number): readonly T[] {
  return round % 2 === 0 ? servers : [...servers].reverse();
}

/**
 * A goal's line: server A against server B judged on the median of the rounds' ratios of throughput
 * (a round's servers ran within a minute or two of each other, which single rounds' swings, up to 30% on
 * a busy 2-core machine, move less than a ratio of two medians taken from different rounds); beside it
 * each round's ratio, the ratio by server CPU per request, and the ratio of the medians.
 */
export function pairedGoal(of: string, a: readonly Load[], b: readonly Load[], target: number, digits = 2): string {
  const ratio = pairedRatios(a, b);
  const met = ratio.rps >= target ? 'met' : 'NOT met';
  const each = ratio.rounds.map((r) => r.toFixed(2)).join(' / ');
  return `${of} ${ratio.rps.toFixed(digits)} (goal >= ${target.toFixed(digits)}: ${met}; rounds ${each}; by server CPU per request ${ratio.cpu.toFixed(digits)}; ratio of the medians ${(medianRun(a).rps / medianRun(b).rps).toFixed(digits)})`;
}

/**
 * A table row for one server's rounds: the median run's throughput, `latency` (by default that run's
 * p50 and p99), the median server CPU per request, and every round's throughput.
 */
export function loadRow(name: string, runs: readonly Load[], latency?: Record<string, string>): BenchRow {
  const m = medianRun(runs);
  const cpu = medianCpu(runs);
  return {
    name,
    value: m.rps,
    unit: 'req/s',
    extra: {
      ...(latency ?? { p50: `${m.p50} ms`, p99: `${m.p99} ms` }),
      'server CPU/req': Number.isNaN(cpu) ? '-' : `${cpu.toFixed(0)} µs`,
      rounds: runs.map((r) => Math.round(r.rps)).join(' / '),
    },
  };
}

/** A server in a child process of its own, and the first line it printed (JSON). */
export interface ChildServer<T> {
  proc: ChildProcess;
  served: T;
  stop(): Promise<void>;
}

/**
 * Starts `node args...` and reads the first line of its stdout as JSON; an IPC channel is open, so the
 * child can be asked for its memory. Each server gets its own process so none shares the load client's CPU.
 */
export async function startChild<T>(args: string[]): Promise<ChildServer<T>> {
  const proc = spawn(process.execPath, [...profileFlags(args), ...args], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const served = await new Promise<T>((resolve, reject) => {
    let out = '';
    proc.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const end = out.indexOf('\n');
      if (end >= 0) resolve(JSON.parse(out.slice(0, end)) as T);
    });
    proc.once('exit', (code) => reject(new Error(`server child ${args.join(' ')} exited with ${code}`)));
  });
  return { proc, served, stop: () => stopChild(proc) };
}

/** Ends a child process this bench started, and waits until it has. */
export async function stopChild(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill();
  await exited;
}

/**
 * BENCH_CPU_PROF=DIR: each server child writes a V8 CPU profile into DIR when it is stopped (it must
 * call exitOnTerm, so that it exits normally and the profile is written).
 */
export function profileFlags(args: string[]): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  const name = args.filter((a) => !a.includes('/')).slice(0, 2).join('-').replace(/[^\w-]/g, '') || 'server';
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.${Date.now()}.cpuprofile`] : [];
}

/** In a server child: a SIGTERM ends it normally, so a CPU profile (BENCH_CPU_PROF) gets written. */
export function exitOnTerm(): void {
  process.once('SIGTERM', () => process.exit(0));
}

export const MiB = 1024 * 1024;
