import { Command, Option } from 'commander';
import { run, type ReportFile, type RunOptions } from '../../harness/run.ts';
import { suiteNames, type SuiteName } from '../../harness/suites.ts';
import { defaultRateLimit } from '../../harness/rateLimit.ts';
import { defaultRequestBounds } from '../../harness/requestBounds.ts';
import { defaultFuzzRuns, defaultSeed } from '../../harness/targets.ts';
import { printOutcome, reportOption, shardOption } from '../reportOptions.ts';
import { numberRules } from '../../harness/numberRules.ts';
import { numberOption, parseHttpUrl } from '../parseOptions.ts';

/** The parsed flags: RunOptions by name (the harness's run() does the work, this only parses and prints). */
type RunFlags = Omit<RunOptions, 'suites' | 'onStart' | 'onCheck' | 'onProgress'> & { report: ReportFile[] };

export function registerRun(program: Command): void {
  program
    .command('run')
    .summary('run conformance suites against a target (default: embedded targets on loopback)')
    .description(
      [
        'Runs conformance suites and reports every check by the clause of the spec it verifies.',
        `SUITE: ${suiteNames.join(' | ')}; none = all three. Without target options a suite runs`,
        "against the project's own embedded targets, started in-process on 127.0.0.1.",
        '',
        'Exit codes: 0 every MUST check passed; 1 a check failed (SHOULD too with --strict);',
        '2 could not run, found before any check runs and said on stderr, a line each: bad flags, missing',
        'credentials, a target unreachable or giving no usable answer, a validator that cannot run, a report',
        'file that cannot be written, a --grep or --shard that selects no check.',
        '',
        'Every request has a deadline for its headers and one for its whole body, and its body a size',
        'cap: a target that hangs, drips, streams forever or bombs ends the exchange with the reason.',
        '',
        'Split across machines: each runs `conform run ... --shard I/N --report blob=DIR`, then',
        '`conform report merge DIR --report FORMAT=PATH` makes the one report of the whole run.',
      ].join('\n'),
    )
    .argument('[suite...]', 'suites to run')
    .addOption(new Option('--base-url <url>', 'fetch-service: the deployment to check').argParser(parseHttpUrl))
    .addOption(new Option('--api-key <key>', 'fetch-service: API key').env('SVC_API_KEY'))
    .addOption(new Option('--origin-url <url>', 'fetch-service: a reachable origin farm (default: one started on loopback)').argParser(parseHttpUrl))
    .addOption(numberOption('--fetch-timeout <seconds>', 'fetch-service: the timeout the target enforces', numberRules.positive).default(60))
    .addOption(new Option('--auth-url <url>', 'meeting-platform: OAuth base URL (credentials from $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID)').argParser(parseHttpUrl))
    .addOption(new Option('--api-base-url <url>', 'meeting-platform: API base URL').argParser(parseHttpUrl))
    .addOption(
      new Option('--validator <command>', 'unit-record: a command run with a record file path appended; exit 0 valid, 1 invalid (repeatable: validators side by side)')
        .argParser((value: string, previous: string[]) => [...previous, value])
        .default([]),
    )
    .addOption(
      new Option('--validator-set <command>', 'unit-record: a command run with the path of a JSON file holding an array of records (one page) appended; exit 0 the set is valid (a tree), 1 it is not (repeatable)')
        .argParser((value: string, previous: string[]) => [...previous, value])
        .default([]),
    )
    .addOption(reportOption(true))
    .addOption(numberOption('--seed <n>', 'seed for generated records and requests, 0 to 4294967295', numberRules.seed).default(defaultSeed))
    .addOption(numberOption('--fuzz-runs <n>', 'generated requests per operation, valid and mutated each; 0 turns them off', numberRules.countFromZero).default(defaultFuzzRuns))
    .addOption(numberOption('--rate-limit <n>', `requests per second to each target (default ${defaultRateLimit} for a deployment not on loopback, none on loopback; 0: none)`, numberRules.fromZero))
    .addOption(numberOption('--headers-timeout <seconds>', `seconds any request waits for an answer's headers (fetch-service POSTs: plus --fetch-timeout)`, numberRules.positive).default(defaultRequestBounds.headersTimeout))
    .addOption(numberOption('--body-timeout <seconds>', "seconds from an answer's headers to its body's last byte", numberRules.positive).default(defaultRequestBounds.bodyTimeout))
    .addOption(numberOption('--max-body-mib <MiB>', "MiB of an answer's body read at most (on the wire and once decompressed)", numberRules.positive).default(defaultRequestBounds.maxBodyMib))
    .option('--strict', 'SHOULD failures also fail the run')
    .option('--grep <text>', 'only checks whose name contains TEXT')
    .addOption(shardOption())
    .action(async (suiteArgs: string[], flags: RunFlags) => {
      process.exitCode = await runCommand(suiteArgs, flags);
    });
}

function runCommand(suiteArgs: string[], flags: RunFlags): Promise<number> {
  return printOutcome(flags.report, (console) =>
    run({
      ...flags,
      // run() refuses names it does not know.
      suites: suiteArgs as SuiteName[],
      onStart: ({ suites, seed }) => console.start(`running ${suites.join(', ')} (seed ${seed}${flags.shard ? `, shard ${flags.shard.index}/${flags.shard.count}` : ''})`),
      onCheck: (check) => console.check(check),
      onProgress: (message) => console.progress(message),
    }),
  );
}
