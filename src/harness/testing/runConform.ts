import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunReport } from '../report.ts';

export interface ConformResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** The JSON report, when the run got far enough to write one. */
  report?: RunReport;
}

const bin = fileURLToPath(new URL('../../../bin/conform.js', import.meta.url));

/**
 * Runs the real `conform` command in a child process, as a user would, with a JSON report in a
 * temporary folder (for `run` and `report merge`), in `cwd` when given (where a config file is looked
 * for). For the project's own tests of the suites (broken variants must fail).
 */
export async function runConform(args: string[], env: Record<string, string | undefined> = {}, options: { cwd?: string } = {}): Promise<ConformResult> {
  const dir = mkdtempSync(join(tmpdir(), 'conform-run-'));
  const reportPath = join(dir, 'report.json');
  const reports = args[0] === 'run' || (args[0] === 'report' && args[1] === 'merge');
  const withReport = reports ? [...args, '--report', `json=${reportPath}`] : args;
  try {
    const child = spawn(process.execPath, [bin, ...withReport], {
      env: { ...process.env, NO_COLOR: '1', ...env },
      ...(options.cwd ? { cwd: options.cwd } : {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exitCode = await new Promise<number>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code ?? 2));
    });
    const report = existsSync(reportPath) ? (JSON.parse(readFileSync(reportPath, 'utf8')) as RunReport) : undefined;
    return { exitCode, stdout, stderr, report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
