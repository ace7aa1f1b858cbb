import { vi } from 'vitest';
import { main } from '../cli/main.ts';

export interface InProcessResult {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * `conform ARGS` run by main() in this process, stdout and stderr captured: for what ends before any
 * server or suite starts (flags, help, usage errors), without the second a child process costs.
 */
export async function conformInProcess(args: string[]): Promise<InProcessResult> {
  const out: string[] = [];
  const err: string[] = [];
  const capture =
    (into: string[]) =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      into.push(String(chunk));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    };
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture(out));
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture(err));
  const exitCode = process.exitCode;
  try {
    const status = await main(args);
    return { status, stdout: out.join(''), stderr: err.join('') };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    process.exitCode = exitCode;
  }
}
