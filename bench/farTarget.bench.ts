// A far deployment judged in about the time its rate limit allows (issue 37, Speed), side by side in one
// run: the meeting suite (and the fetch suite) against conform's own mocks answering at once and 2 s late
// (`conform mock … --latency`), each run at the default rate limit off loopback (--rate-limit 10), in a
// child process of its own (bench/runCli.ts). `npm run bench -- farTarget`
// Goals: the verdict at 2 s the same as at 0 ms; the wall time within 1.5x of (requests x latency /
// concurrency) + the run at 0 ms; the meeting suite under 3 minutes.
// BENCH_FAR_SUITES=meeting-platform,fetch-service (a comma list) picks suites; BENCH_FAR_LATENCY_MS the far latency.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './printTable.ts';

type Suite = 'meeting-platform' | 'fetch-service';
const runCli = fileURLToPath(new URL('./runCli.ts', import.meta.url));
const suites = (process.env.BENCH_FAR_SUITES ?? 'meeting-platform,fetch-service').split(',') as Suite[];
const farMs = Number(process.env.BENCH_FAR_LATENCY_MS ?? 2000);
const rateLimit = 10;
const dir = mkdtempSync(join(tmpdir(), 'conform-far-bench-'));

interface Mock {
  child: ChildProcess;
  args: string[];
  env: Record<string, string>;
}

/** A conform command in a child, once its output says `ready`: the child and what it printed. */
async function started(args: string[], ready: RegExp): Promise<{ child: ChildProcess; out: string }> {
  const child = spawn(process.execPath, [runCli, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`conform ${args.join(' ')} exited (${code}) before it was ready:\n${out}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) resolve();
    });
  });
  child.removeAllListeners('exit');
  // Its later lines (the client report when it stops) read and dropped, so it never blocks on a full pipe.
  child.stdout!.resume();
  return { child, out };
}

/**
 * `conform mock SUITE --latency MS` in a child, once it printed where it listens and the account or key it
 * serves; the fetch mock beside an origin farm of its own (conform origin) that it trusts, as the run does.
 */
async function startMock(suite: Suite, latencyMs: number): Promise<Mock> {
  const farm = suite === 'fetch-service' ? await started(['origin', '--port', '0'], /\binfo\s+http/) : undefined;
  const originUrl = farm && /^http\s+(http:\/\/\S+)/m.exec(farm.out)?.[1];
  const { child, out } = await started(['mock', suite, '--port', '0', '--latency', String(latencyMs), ...(originUrl ? ['--origin-url', originUrl] : [])], /Stop with Ctrl\+C/);
  if (farm) child.on('exit', () => farm.child.kill());
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  if (!url) throw new Error(`conform mock ${suite} printed no address:\n${out}`);
  const read = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(out)?.[1] ?? '';
  return suite === 'meeting-platform'
    ? { child, args: ['--auth-url', url, '--api-base-url', url], env: { MEETING_CLIENT_ID: read('client id'), MEETING_CLIENT_SECRET: read('client secret'), MEETING_ACCOUNT_ID: read('account id') } }
    : { child, args: ['--base-url', url, '--origin-url', originUrl ?? ''], env: { SVC_API_KEY: read('key:') } };
}

interface Run {
  suite: Suite;
  latencyMs: number;
  wallMs: number;
  exitCode: number;
  verdict: string;
  requests: number;
  concurrency: number;
  /** The clauses of its failed checks, one each: what "the same verdict" compares beside PASS or FAIL. */
  failedClauses?: string;
}

/** One `conform run` against a mock at `latencyMs`: its wall time, verdict and requests (from its JSON report). */
async function judged(suite: Suite, latencyMs: number): Promise<Run> {
  const mock = await startMock(suite, latencyMs);
  const report = join(dir, `${suite}-${latencyMs}.json`);
  const started = performance.now();
  const exitCode = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [runCli, 'run', suite, ...mock.args, '--rate-limit', String(rateLimit), '--report', `json=${report}`], { env: { ...process.env, ...mock.env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => resolve(code ?? 1));
  });
  const wallMs = performance.now() - started;
  mock.child.kill();
  if (!existsSync(report)) return { suite, latencyMs, wallMs, exitCode, verdict: `no report (exit ${exitCode})`, requests: 0, concurrency: 1 };
  const r = JSON.parse(readFileSync(report, 'utf8')) as { checks: Array<{ clause: string; status: string; exchanges?: { requests: number } }>; pace?: Array<{ concurrency: number }> };
  const count = (status: string) => r.checks.filter((c) => c.status === status).length;
  return {
    suite,
    latencyMs,
    wallMs,
    exitCode,
    verdict: `${exitCode === 0 ? 'PASS' : 'FAIL'}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`,
    failedClauses: [...new Set(r.checks.filter((c) => c.status === 'failed').map((c) => c.clause))].sort().join(' '),
    requests: r.checks.reduce((n, c) => n + (c.exchanges?.requests ?? 0), 0),
    concurrency: r.pace?.[0]?.concurrency ?? 1,
  };
}

try {
  const runs = await Promise.all(suites.flatMap((suite) => [judged(suite, 0), judged(suite, farMs)]));
  const rows = runs.map((r) => {
    const near = runs.find((n) => n.suite === r.suite && n.latencyMs === 0)!;
    // What the latency may cost at most: every request's answer awaited, `concurrency` at once, on top of the run at 0 ms.
    const boundMs = (r.requests * r.latencyMs) / r.concurrency + near.wallMs;
    return {
      name: `${r.suite} at ${r.latencyMs} ms`,
      value: r.wallMs / 1000,
      unit: 's',
      extra: { verdict: r.verdict, 'failed clauses': r.failedClauses ?? '', requests: String(r.requests), concurrency: String(r.concurrency), 'goal ratio (<= 1.5)': r.latencyMs === 0 ? '' : (r.wallMs / boundMs).toFixed(2) },
    };
  });
  printTable(`conform run against its mocks answering at once and ${farMs} ms late, --rate-limit ${rateLimit}, side by side (goal: the same verdict, wall time within 1.5x of requests x latency / concurrency + the run at 0 ms; meeting suite under 3 minutes)`, rows);
  const verdictOf = (s: Suite, ms: number) => {
    const r = runs.find((run) => run.suite === s && run.latencyMs === ms)!;
    return `${r.verdict.split(':')[0]} ${r.failedClauses ?? ''}`;
  };
  for (const suite of suites) {
    const far = runs.find((r) => r.suite === suite && r.latencyMs === farMs)!;
    const near = runs.find((r) => r.suite === suite && r.latencyMs === 0)!;
    const ratio = far.wallMs / ((far.requests * far.latencyMs) / far.concurrency + near.wallMs);
    const sameVerdict = verdictOf(suite, 0) === verdictOf(suite, farMs) && near.exitCode === far.exitCode;
    const underThree = suite !== 'meeting-platform' || far.wallMs < 180_000;
    console.log(`${suite}: ${sameVerdict && ratio <= 1.5 && underThree ? 'goal met' : 'goal missed'} (verdict ${sameVerdict ? 'the same' : 'differs'}, ratio ${ratio.toFixed(2)}${suite === 'meeting-platform' ? `, ${(far.wallMs / 1000).toFixed(0)} s` : ''})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
