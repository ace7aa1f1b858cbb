import { spawn } from 'node:child_process';
import type { CheckResult } from '../verdict/RunReport.ts';

export interface ReproductionRun {
  /** The status of the answer `curl -i` printed (1xx aside); undefined when it printed none. */
  status: number | undefined;
  stdout: string;
  stderr: string;
  /** The shell's exit code; null when it was stopped at the deadline. */
  exitCode: number | null;
}

/**
 * A report's reproduction run as a user pastes it: by `sh -c`, with PATH and `variables` as its whole
 * environment (so a command that names a variable other than those set sends an empty value), stopped
 * with everything it started at `deadlineMs`. For the project's tests that hold reproductions to
 * reproducing.
 */
export function runReproduction(command: string, variables: Record<string, string>, deadlineMs = 60_000): Promise<ReproductionRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...variables }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('latin1').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, deadlineMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ status: answerStatus(stdout), stdout, stderr, exitCode: code });
    });
  });
}

/** The status of the answer `curl -i` printed, before its body: an interim 1xx aside, and with no -L the only one. */
export function answerStatus(stdout: string): number | undefined {
  return [...stdout.matchAll(/^HTTP\/[\d.]+ (\d{3})\b/gm)].map((m) => Number(m[1])).find((s) => s >= 200);
}

/**
 * The status of the first answer a check's evidence shows: the leading cause's first case's, which its
 * reproduction replays. Every evidence form writes it after an arrow (`POST … → 400`, `→ HTTP 401`) or
 * on a line of its own (`HTTP 200 (12 ms)`).
 */
export function evidenceStatus(check: Pick<CheckResult, 'evidence'>): number | undefined {
  for (const item of check.evidence ?? []) {
    const match = /(?:→\s*(?:HTTP )?|^HTTP )(\d{3})\b/m.exec(item.text);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/**
 * Each failing check's reproduction, run one after another (a target may take few requests at once), held
 * to the status its evidence shows: how many were compared (those whose evidence shows one), and a
 * line for each that got another answer.
 */
export async function replayFailures(checks: readonly CheckResult[], variables: Record<string, string>): Promise<{ failing: number; compared: number; mismatches: string[] }> {
  const failing = checks.filter((c): c is CheckResult & { reproduction: string } => c.status === 'failed' && c.reproduction !== undefined);
  const mismatches: string[] = [];
  let compared = 0;
  for (const c of failing) {
    const expected = evidenceStatus(c);
    if (expected === undefined) continue;
    compared++;
    const got = await runReproduction(c.reproduction, variables);
    if (got.status !== expected) mismatches.push(`${c.id}: evidence ${expected}, reproduction ${got.status ?? 'no answer'}\n${c.reproduction}\n${got.stdout.slice(0, 400)}${got.stderr}`);
  }
  return { failing: failing.length, compared, mismatches };
}
