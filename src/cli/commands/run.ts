import type { Command } from 'commander';
import type { RunNamedOptions } from '../../harness/run/runNamed.ts';
import { suiteNames } from '../../catalogue/suites.ts';
import { optionRows } from '../../harness/options/runOptionTable.ts';
import { printOutcome } from '../reportOptions.ts';
import { RunEta } from '../RunEta.ts';
import { tableOptions } from '../tableOptions.ts';

/** The parsed flags, those given only: RunOptions by name (the harness's runNamed() does the work, this only parses and prints). */
type RunFlags = Omit<RunNamedOptions, 'onReportFiles' | 'onStart' | 'onCheck' | 'onProgress' | 'onPlan'>;

export function registerRun(program: Command): void {
  const command = program
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
    .argument('[name...]', "suites or config targets to run (default: the config's targets, or every suite)");
  // Every flag is a row of runOptionTable, in its order.
  for (const row of optionRows) for (const option of tableOptions(row)) command.addOption(option);
  command.action(async (names: string[], flags: RunFlags) => {
    process.exitCode = await runCommand(names, flags);
  });
}

function runCommand(names: string[], flags: RunFlags): Promise<number> {
  // Filled in once the config is read: the files said written at the end are the config's and the flags'.
  const reports = [...(flags.report ?? [])];
  return printOutcome(reports, async (console) => {
    const shard = flags.shard ? `, shard ${flags.shard.index}/${flags.shard.count}` : '';
    // Loaded when a run starts: vitest and the suites' machinery cost every other command a second to load.
    const { runNamed } = await import('../../harness/run/runNamed.ts');
    const eta = new RunEta();
    // The check at work's own progress ("FS-FUZZ-NO-5XX fetchPage: 120/200 ..."), shown after the run's.
    let atWork = '';
    const show = () => console.progress(atWork ? `${eta.text()} · ${atWork}` : eta.text());
    // The run's line moves on its own while a check waits on a far target: each second on a terminal;
    // in a log every 10 s of silence (ConsoleReporter.progress writes there only after such a silence).
    let ticker: NodeJS.Timeout | undefined;
    try {
      return await runNamed(names, {
        ...flags,
        onReportFiles: (files) => reports.splice(0, reports.length, ...files),
        onStart: (started) => {
          console.start(`running ${started.suites.join(', ')}${started.targets.length ? ` against ${started.targets.join(', ')}` : ''} (seed ${started.seed}${shard})`, started.paces);
          ticker = setInterval(show, process.stdout.isTTY ? 1000 : 10_000).unref();
        },
        onPlan: (plan) => eta.plan(plan),
        onCheck: (check, selected) => {
          if (selected) eta.checkDone(check);
          atWork = '';
          console.check(check);
        },
        onProgress: (message) => {
          atWork = message;
          show();
        },
      });
    } finally {
      clearInterval(ticker);
    }
  });
}
