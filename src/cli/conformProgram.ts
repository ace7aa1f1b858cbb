import { Command } from 'commander';
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
import { registerProxy } from './commands/proxy.ts';

/**
 * The `conform` command with every subcommand, its flags and its help: what main() parses, and what a
 * test reads every command's flags from. Every usage error commander finds is one line on stderr,
 * `conform: …` naming the flag, ending through exitOverride (main() makes it exit 2).
 */
export function conformProgram(): Command {
  const program = new Command('conform')
    .description('Conformance suites, spec-derived mocks and record tooling for three specifications')
    .version(version, '--version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  registerRun(program);
  registerMock(program);
  registerProxy(program);
  registerCheck(program);
  registerRecords(program);
  registerOrigin(program);
  registerServe(program);
  registerReport(program);
  registerInit(program);

  for (const command of everyCommand(program)) {
    const help = `${commandPath(command)} --help`;
    // commander's "error: unknown option '--sed'\n(Did you mean --seed?)": one line, as conform's own errors are.
    command.configureOutput({ outputError: (text, write) => write(`conform: ${text.replace(/^error: /, '').trim().replace(/\s*\n\s*/g, ' ')}; see ${help}\n`) });
    for (const option of command.options) nameFlagInErrors(option);
  }
  return program;
}

/** The command and every command below it. */
export function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

/** `conform records generate`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * A flag's value refused by its parser is refused under the flag's name: a parser's message either names
 * the flag (`--seed takes a whole number …`) or reads after it (`takes an http(s) URL; got "x"`).
 */
function nameFlagInErrors(option: Command['options'][number]): void {
  const parse = option.parseArg;
  const flag = option.long ?? option.short;
  if (!parse || !flag) return;
  option.parseArg = <T>(value: string, previous: T): T => {
    try {
      return parse(value, previous);
    } catch (err) {
      if (err instanceof UsageError && !err.message.includes(flag)) throw new UsageError(`${flag} ${err.message}`, err.exitCode);
      throw err;
    }
  };
}
