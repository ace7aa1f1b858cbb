import { Command, Option } from 'commander';
import type { ReportFile } from '../../harness/reports/reportFiles.ts';
import type { RunNamedOptions } from '../../harness/run/runNamed.ts';
import { suiteNames } from '../../harness/catalogue/suites.ts';
import { defaultRateLimit } from '../../harness/exchange/rateLimit.ts';
import { defaultRequestBounds } from '../../harness/exchange/requestBounds.ts';
import { defaultFuzzRuns, defaultSeed } from '../../harness/suite-api/targets.ts';
import { printOutcome, reportOption, shardOption } from '../reportOptions.ts';
import { numberRules } from '../../harness/options/numberRules.ts';
import { numberOption, parseHttpUrl } from '../parseOptions.ts';

/** The parsed flags: RunOptions by name (the harness's runNamed() does the work, this only parses and prints). */
type RunFlags = Omit<RunNamedOptions, 'onReportFiles' | 'onStart' | 'onCheck' | 'onProgress'> & { report: ReportFile[] };

export function registerRun(program: Command): void {
  program
    .command('run')
    .summary('run conformance suites against a target (default: embedded targets on loopback)')
    .description(
      [
        'Runs conformance suites and reports every check by the clause of the spec it verifies.',
        `NAME: a suite (${suiteNames.join(' | ')}) or a target of the config file. Without target`,
        "options a suite runs against the project's own embedded targets, started in-process on 127.0.0.1.",
        '',
        'Config file: conform.config.ts (.mts, .js, .mjs, .json), the nearest in this folder or above, or',
        '--config PATH (`conform init` writes one). With one, `conform run` runs every target it names,',
        '`conform run staging production` the named ones side by side, `conform run SUITE` the targets of',
        'that suite (its embedded ones when it names none). Flags override the file\'s values, but for',
        '--report: its files are written besides the config\'s, a format given replacing the config\'s file of it.',
        '',
        'Exit codes: 0 every MUST check passed; 1 a check failed (SHOULD too with --strict, and with',
        '--strict a MUST clause a skipped check left unjudged; with --require-reasons a suppression whose',
        'reason is still TODO);',
        '2 could not run, found before any check runs and said on stderr, a line each: bad flags, a config',
        'file with a wrong key or value or a variable not set, missing credentials, a target unreachable or',
        'giving no usable answer, a validator that cannot run, a report file that cannot be written, a --grep',
        'or --shard that selects no check.',
        '',
        'Fetch service: the suite has the deployment fetch pages of an origin farm (--origin-url; default: one',
        "started on this machine's loopback at random ports), and first has it fetch a page of each of the",
        "farm's listeners: when the answers show it cannot, the run stops (exit 2) saying what to do. A",
        'deployment on this machine: the farm on fixed ports its allowlist names (conform origin --port 8081',
        '--tls-port 8443 --expired-tls-port 8444 --wrong-host-tls-port 8445; the reference admits it with',
        'conform serve fetch-service --origin-url URL). A deployment elsewhere: the farm run where it can reach',
        'it, at the URL it is reached at (conform origin --public-url URL --cert FILE --key FILE), given here',
        'as --origin-url. See conform origin --help.',
        '',
        'Every request has a deadline for its headers and one for its whole body, and its body a size',
        'cap: a target that hangs, drips, streams forever or bombs ends the exchange with the reason.',
        '',
        'Split across machines: each runs `conform run ... --shard I/N --report blob=DIR`, then',
        '`conform report merge DIR --report FORMAT=PATH` makes the one report of the whole run.',
        '',
        'Accepted deviations: a run reads conform-suppressions.json in the working directory when it',
        'exists; a failure it lists (by suite, target, clause and a fingerprint of the cause) is reported',
        'as accepted and does not fail the run, a new one does, and so does one whose "until" date passed.',
        'In CI ($CI set) an entry whose reason is still the TODO text fails the run (--no-require-reasons: a',
        'warning line only).',
      ].join('\n'),
    )
    .argument('[name...]', "suites or config targets to run (default: the config's targets, or every suite)")
    .option('--config <path>', 'the config file (default: conform.config.{ts,mts,js,mjs,json} here or in a folder above)')
    .option('--no-config', 'read no config file')
    .option('--with-reference', "also run each suite's embedded reference (and mock) beside the targets given: the column the others are compared with")
    .addOption(new Option('--base-url <url>', 'fetch-service: the deployment to check').argParser(parseHttpUrl))
    .addOption(new Option('--api-key <key>', 'fetch-service: API key').env('SVC_API_KEY'))
    .addOption(new Option('--origin-url <url>', 'fetch-service: a reachable origin farm (default: one started on loopback)').argParser(parseHttpUrl))
    .addOption(numberOption('--fetch-timeout <seconds>', 'fetch-service: the timeout the target enforces', numberRules.positive).default(60))
    .addOption(new Option('--auth-url <url>', 'meeting-platform: OAuth base URL (credentials from $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID)').argParser(parseHttpUrl))
    .addOption(new Option('--api-base-url <url>', 'meeting-platform: the API base URL, as the platform documents it (https://api.zoom.us/v2) or without /v2').argParser(parseHttpUrl))
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
    .option('--suppress', 'accept the current failures: add each to the suppressions file, with a reason to write')
    .option('--prune', "drop the suppressions file's entries whose check ran and no longer fails for their cause")
    .option('--suppressions <path>', 'the suppressions file (default: conform-suppressions.json in the working directory)')
    .option('--require-reasons', 'suppressions whose reason is still the TODO text fail the run (default when $CI is set)')
    .option('--no-require-reasons', 'suppressions without a reason are a warning line only (default when $CI is not set)')
    .action(async (names: string[], flags: RunFlags, command: Command) => {
      process.exitCode = await runCommand(names, givenFlags(flags, command));
    });
}

/**
 * The flags given on the command line (or, for --api-key, by $SVC_API_KEY): defaults are left to
 * run(), so that a config file's values are not overridden by a default nobody gave.
 */
function givenFlags(flags: RunFlags, command: Command): RunFlags {
  const given = Object.entries(flags).filter(([key]) => {
    const source = command.getOptionValueSource(key);
    return source !== 'default' && !(key === 'apiKey' && source === 'env');
  });
  return { ...(Object.fromEntries(given) as Partial<RunFlags>), report: flags.report };
}

function runCommand(names: string[], flags: RunFlags): Promise<number> {
  // Filled in once the config is read: the files said written at the end are the config's and the flags'.
  const reports = [...flags.report];
  return printOutcome(reports, async (console) => {
    const shard = flags.shard ? `, shard ${flags.shard.index}/${flags.shard.count}` : '';
    // Loaded when a run starts: vitest and the suites' machinery cost every other command a second to load.
    const { runNamed } = await import('../../harness/run/runNamed.ts');
    return runNamed(names, {
      ...flags,
      onReportFiles: (files) => reports.splice(0, reports.length, ...files),
      onStart: (started) => console.start(`running ${started.suites.join(', ')}${started.targets.length ? ` against ${started.targets.join(', ')}` : ''} (seed ${started.seed}${shard})`),
      onCheck: (check) => console.check(check),
      onProgress: (message) => console.progress(message),
    });
  });
}
