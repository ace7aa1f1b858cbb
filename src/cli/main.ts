import { Command, CommanderError } from 'commander';
import { UsageError } from './UsageError.ts';
import { version } from './version.ts';
import { registerRun } from './commands/run.ts';
import { registerMock } from './commands/mock.ts';
import { registerCheck } from './commands/check.ts';
import { registerRecords } from './commands/records.ts';
import { registerOrigin } from './commands/origin.ts';
import { registerServe } from './commands/serve.ts';
import { registerReport } from './commands/report.ts';
import { registerInit } from './commands/init.ts';

/**
 * Entry point of the `conform` command. Returns the process exit code instead of exiting, so tests can
 * drive it in-process and long-running commands (servers) can keep the event loop alive.
 */
export async function main(argv: string[]): Promise<number> {
  const program = new Command('conform')
    .description('Conformance suites, spec-derived mocks and record tooling for three specifications')
    .version(version, '--version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  registerRun(program);
  registerMock(program);
  registerCheck(program);
  registerRecords(program);
  registerOrigin(program);
  registerServe(program);
  registerReport(program);
  registerInit(program);

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
