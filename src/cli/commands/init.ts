import { Command } from 'commander';
import { writeConfigTemplate } from '../../harness/options/config/writeConfigTemplate.ts';
import { RunError } from '../../verdict/RunError.ts';
import { suiteNames, isSuiteName } from '../../catalogue/suites.ts';
import { UsageError } from '../UsageError.ts';

const initHelp = `
Writes a commented conform.config.ts with a target for SUITE (every suite when none is named): the
keys to fill in hold a placeholder that \`conform run\` refuses until they are, and secrets stay in
environment variables the file names. Says on stdout what to fill in. An existing file is left as it is.

Exit codes: 0 written; 2 the file exists already, an unknown suite, or it could not be written.`;

export function registerInit(program: Command): void {
  program
    .command('init')
    .summary('write a commented conform.config.ts for a suite (or all) and say what to fill in')
    .argument('[suite...]', `${suiteNames.join(' | ')}; none = all three`)
    .option('--config <path>', 'the file to write', 'conform.config.ts')
    .addHelpText('after', initHelp)
    .action(async (suites: string[], flags: { config: string }, command: Command) => {
      const unknown = suites.filter((s) => !isSuiteName(s));
      if (unknown.length) throw new UsageError(`unknown suite ${unknown.join(', ')}; choose from ${suiteNames.join(', ')}`);
      // A file the user named is refused under the flag that named it.
      const flag = command.getOptionValueSource('config') === 'cli' ? '--config ' : '';
      const { shown, fillIn } = await writeConfigTemplate(flags.config, suites.length ? suites.filter(isSuiteName) : suiteNames).catch((err: unknown) => {
        throw err instanceof RunError ? new UsageError(`${flag}${err.message}`) : err;
      });
      const width = Math.max(...fillIn.map((f) => f.what.length));
      process.stdout.write(
        [`wrote ${shown}; fill in:`, ...fillIn.map((f) => `  ${f.what.padEnd(width)}  ${f.meaning}`), `then run every target in it with \`npx conform run\` (\`npx conform run --help\` for more)`, ''].join('\n'),
      );
    });
}
