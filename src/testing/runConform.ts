import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunReport } from '../verdict/RunReport.ts';

export interface ConformResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** The JSON report, when the run got far enough to write one. */
  report?: RunReport;
}

export interface RunConformOptions {
  /**
   * The test's own signal (vitest's `context.signal`, aborted when the test times out or the run is
   * cancelled): the command and everything it started are stopped then, not left running.
   */
  signal?: AbortSignal;
  /** A working directory of the test's own, for what a run reads or writes there (conform-suppressions.json). */
  cwd?: string;
}

const bin = fileURLToPath(new URL('../../bin/conform.js', import.meta.url));

/** How long a stopped command has to close what it started (SIGTERM) before its process group is killed. */
const graceMs = 5_000;

/** Process groups of commands still running: killed when this process exits, whatever way the test ended. */
const running = new Set<number>();
let exitHooked = false;

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    for (const group of running) signalGroup(group, 'SIGKILL');
  });
}

/** Sends `signal` to every process of the group; one already gone is no error. */
function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/**
 * Runs the real `conform` command in a child process, as a user would, with a JSON report in a
 * temporary folder (for `run` and `report merge`), in `cwd` when given (where a config file is looked
 * for). For the project's own tests of the suites (broken variants must fail).
 *
 * The command leads a process group of its own (it and the vitest workers it starts): when it ends, when
 * `options.signal` aborts, or when this process exits, the whole group is stopped, so a test that times
 * out or is cancelled leaves no run behind eating the machine's CPU.
 */
export async function runConform(args: string[], env: Record<string, string | undefined> = {}, options: RunConformOptions = {}): Promise<ConformResult> {
  const dir = mkdtempSync(join(tmpdir(), 'conform-run-'));
  const reportPath = join(dir, 'report.json');
  const reports = args[0] === 'run' || (args[0] === 'report' && args[1] === 'merge');
  const withReport = reports ? [...args, '--report', `json=${reportPath}`] : args;
  try {
    options.signal?.throwIfAborted();
    const child = spawn(process.execPath, [bin, ...withReport], {
      ...(options.cwd ? { cwd: options.cwd } : {}),
      // CI is the test's to set: a run in CI requires suppressions to have reasons (--require-reasons).
      env: { ...process.env, CI: undefined, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exitCode = await closed(child, options.signal);
    const report = existsSync(reportPath) ? (JSON.parse(readFileSync(reportPath, 'utf8')) as RunReport) : undefined;
    return { exitCode, stdout, stderr, report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The child's exit code once it has closed; its process group is stopped on `signal` and killed after it closes. */
async function closed(child: ChildProcess, signal: AbortSignal | undefined): Promise<number> {
  const group = child.pid;
  if (group === undefined) {
    return new Promise((_, reject) => child.once('error', reject));
  }
  running.add(group);
  hookExit();
  let killTimer: NodeJS.Timeout | undefined;
  const stop = (): void => {
    signalGroup(group, 'SIGTERM');
    killTimer = setTimeout(() => signalGroup(group, 'SIGKILL'), graceMs);
    killTimer.unref();
  };
  signal?.addEventListener('abort', stop, { once: true });
  try {
    return await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve(code ?? 2));
    });
  } finally {
    signal?.removeEventListener('abort', stop);
    clearTimeout(killTimer);
    // Workers the command started and did not wait for go with it.
    signalGroup(group, 'SIGKILL');
    running.delete(group);
  }
}
