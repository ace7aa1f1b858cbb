import { CommanderError } from 'commander';
import { conformProgram } from './conformProgram.ts';
import { UsageError } from './UsageError.ts';

/**
 * Entry point of the `conform` command. Returns the process exit code instead of exiting, so tests can
 * drive it in-process and long-running commands (servers) can keep the event loop alive.
 */
export async function main(argv: string[]): Promise<number> {
  const program = conformProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    return exitCodeFor(err);
  }
}

function exitCodeFor(err: unknown): number {
  if (err instanceof CommanderError) {
    // --help and --version end through exitOverride with code 0; every other parse error is a usage error.
    return err.exitCode === 0 ? 0 : 2;
  }
  if (err instanceof UsageError) {
    // Several problems found at once (a run's preflight) are a line each.
    for (const line of err.message.split('\n')) process.stderr.write(`conform: ${line}\n`);
    return err.exitCode;
  }
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`conform: internal error: ${message}\n`);
  if (process.env.CONFORM_DEBUG) console.error(err);
  return 2;
}
