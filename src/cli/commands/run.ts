import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { buildReport, exitCodeOf } from '../../harness/buildReport.ts';
import { ConsoleReporter } from '../../harness/reporters/ConsoleReporter.ts';
import type { RunReport } from '../../harness/report.ts';
import { isSuiteName, suiteNames, type SuiteName } from '../../harness/suites.ts';
import { isLoopbackHost } from '../../harness/isLoopbackHost.ts';
import { defaultRateLimit } from '../../harness/rateLimit.ts';
import { defaultFuzzRuns, defaultSeed, targetEnv } from '../../harness/targets.ts';
import { UsageError } from '../UsageError.ts';
import { assertReachable } from '../assertReachable.ts';
import { parseHttpUrl, parseInteger, parseNonNegativeInteger, parseNonNegativeNumber, parsePositiveNumber } from '../parseOptions.ts';
import { version } from '../version.ts';

// Loaded when a report is written: the JUnit builder alone pulls in lodash and xmlbuilder.
const renderers = {
  json: async () => (await import('../../harness/reporters/renderJson.ts')).renderJson,
  junit: async () => (await import('../../harness/reporters/renderJunit.ts')).renderJunit,
  html: async () => (await import('../../harness/reporters/renderHtml.ts')).renderHtml,
} as const;
type ReportFormat = keyof typeof renderers;

interface RunOptions {
  baseUrl?: string;
  apiKey?: string;
  originUrl?: string;
  fetchTimeout: number;
  authUrl?: string;
  apiBaseUrl?: string;
  validator: string[];
  report: Array<{ format: ReportFormat; path: string }>;
  seed: number;
  fuzzRuns: number;
  rateLimit?: number;
  strict?: boolean;
  grep?: string;
}

/** Which suite each target option belongs to, so an option for a suite not selected is an error. */
const optionSuite: Array<[keyof RunOptions, string, SuiteName]> = [
  ['baseUrl', '--base-url', 'fetch-service'],
  ['apiKey', '--api-key', 'fetch-service'],
  ['originUrl', '--origin-url', 'fetch-service'],
  ['authUrl', '--auth-url', 'meeting-platform'],
  ['apiBaseUrl', '--api-base-url', 'meeting-platform'],
  ['validator', '--validator', 'unit-record'],
];

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
        '2 could not run (bad flags, unreachable target).',
      ].join('\n'),
    )
    .argument('[suite...]', 'suites to run')
    .addOption(new Option('--base-url <url>', 'fetch-service: the deployment to check').argParser(parseHttpUrl))
    .addOption(new Option('--api-key <key>', 'fetch-service: API key').env('SVC_API_KEY'))
    .addOption(new Option('--origin-url <url>', 'fetch-service: a reachable origin farm (default: one started on loopback)').argParser(parseHttpUrl))
    .addOption(new Option('--fetch-timeout <seconds>', 'fetch-service: the timeout the target enforces').argParser(parsePositiveNumber).default(60))
    .addOption(new Option('--auth-url <url>', 'meeting-platform: OAuth base URL (credentials from $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID)').argParser(parseHttpUrl))
    .addOption(new Option('--api-base-url <url>', 'meeting-platform: API base URL').argParser(parseHttpUrl))
    .addOption(
      new Option('--validator <command>', 'unit-record: a command run with a record file path appended; exit 0 valid, 1 invalid (repeatable: validators side by side)')
        .argParser((value: string, previous: string[]) => [...previous, value])
        .default([]),
    )
    .addOption(new Option('--report <format=path>', 'also write a report: json, junit or html (repeatable)').argParser(collectReport).default([]))
    .addOption(new Option('--seed <n>', 'seed for generated records and requests').argParser(parseInteger).default(defaultSeed))
    .addOption(new Option('--fuzz-runs <n>', 'generated requests per operation, valid and mutated each; 0 turns them off').argParser(parseNonNegativeInteger).default(defaultFuzzRuns))
    .addOption(new Option('--rate-limit <n>', `requests per second to each target (default ${defaultRateLimit} for a deployment not on loopback, none on loopback; 0: none)`).argParser(parseNonNegativeNumber))
    .option('--strict', 'SHOULD failures also fail the run')
    .option('--grep <text>', 'only checks whose name contains TEXT')
    .action(async (suiteArgs: string[], options: RunOptions) => {
      process.exitCode = await run(suiteArgs, options);
    });
}

function collectReport(value: string, previous: RunOptions['report']): RunOptions['report'] {
  const match = /^([a-z]+)=(.+)$/.exec(value);
  if (!match || !(match[1]! in renderers)) {
    throw new UsageError(`--report takes FORMAT=PATH with FORMAT one of ${Object.keys(renderers).join(', ')}; got "${value}"`);
  }
  return [...previous, { format: match[1] as ReportFormat, path: resolve(match[2]!) }];
}

async function run(suiteArgs: string[], options: RunOptions): Promise<number> {
  const unknown = suiteArgs.filter((s) => !isSuiteName(s));
  if (unknown.length) throw new UsageError(`unknown suite ${unknown.join(', ')}; choose from ${suiteNames.join(', ')}`);
  const suites = suiteArgs.length ? [...new Set(suiteArgs as SuiteName[])] : [...suiteNames];

  for (const [key, flag, suite] of optionSuite) {
    // --api-key also comes from the environment, where it is no statement about the suites chosen.
    const given = Array.isArray(options[key]) ? (options[key] as unknown[]).length > 0 : options[key] !== undefined;
    if (given && !suites.includes(suite) && key !== 'apiKey') {
      throw new UsageError(`${flag} applies to the ${suite} suite, which this run does not include`);
    }
  }
  if (Boolean(options.authUrl) !== Boolean(options.apiBaseUrl)) {
    throw new UsageError('--auth-url and --api-base-url go together: give both to check a meeting platform deployment');
  }
  if (options.baseUrl && !options.apiKey) {
    throw new UsageError('--base-url needs an API key: set $SVC_API_KEY or pass --api-key');
  }
  for (const [flag, url] of [
    ['--base-url', options.baseUrl],
    ['--origin-url', options.originUrl],
    ['--auth-url', options.authUrl],
    ['--api-base-url', options.apiBaseUrl],
  ] as const) {
    if (url) await assertReachable(flag, url);
  }
  for (const r of options.report) mkdirSync(dirname(r.path), { recursive: true });

  const env: Record<string, string> = { [targetEnv.seed]: String(options.seed), [targetEnv.fetchTimeout]: String(options.fetchTimeout), [targetEnv.fuzzRuns]: String(options.fuzzRuns) };
  if (options.rateLimit !== undefined) env[targetEnv.rateLimit] = String(options.rateLimit);
  // Each test file runs in a worker of its own, each with its own pacing: under a rate limit they run
  // one after another, so a deployment sees the rate once, not once per file.
  const deployments = [options.baseUrl, options.authUrl, options.apiBaseUrl].filter((u): u is string => Boolean(u));
  const rateLimited = options.rateLimit === undefined ? deployments.some((u) => !isLoopbackHost(new URL(u).hostname)) : options.rateLimit > 0;
  if (options.validator.some((v) => v.includes('\n'))) throw new UsageError('--validator takes a one-line command');
  // One command per line: several validators run side by side as separate targets.
  if (options.validator.length) env[targetEnv.validator] = [...new Set(options.validator)].join('\n');
  if (options.baseUrl) env[targetEnv.fetchBaseUrl] = options.baseUrl;
  if (options.apiKey) env.SVC_API_KEY = options.apiKey;
  if (options.originUrl) env[targetEnv.originUrl] = options.originUrl;
  if (options.authUrl) env[targetEnv.meetingAuthUrl] = options.authUrl;
  if (options.apiBaseUrl) env[targetEnv.meetingApiBaseUrl] = options.apiBaseUrl;

  const console = new ConsoleReporter();
  console.start(`running ${suites.join(', ')} (seed ${options.seed})`);
  const startedAt = new Date();
  const started = performance.now();
  // Loaded here, not at start-up: vitest's Node API costs most of a second, which every other command
  // (and --help) should not pay.
  const { runSuites } = await import('../../harness/runSuites.ts');
  const { checks, errors } = await runSuites({ suites, env, grep: options.grep, serial: rateLimited, onCheck: (c) => console.check(c), onProgress: (p) => console.progress(p) });
  const report: RunReport = buildReport({
    version,
    suites,
    seed: options.seed,
    strict: Boolean(options.strict),
    startedAt,
    durationMs: performance.now() - started,
    checks,
    filtered: Boolean(options.grep),
  });
  console.summary(report, errors);
  for (const r of options.report) {
    const render = await renderers[r.format]();
    writeFileSync(r.path, render(report));
    process.stdout.write(`wrote ${r.format} report: ${r.path}\n`);
  }
  if (errors.length) return 2;
  if (checks.length === 0) {
    process.stderr.write(options.grep ? `conform: no check matches --grep "${options.grep}"\n` : 'conform: no checks ran\n');
    return 2;
  }
  return exitCodeOf(report);
}
