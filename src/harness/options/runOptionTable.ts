import { credentialEnv } from '../../meeting-platform/core/meetingCredentials.ts';
import type { SuiteName } from '../../catalogue/suites.ts';
import { defaultRateLimit } from '../../exchange/rateLimit.ts';
import { defaultRequestBounds } from '../../exchange/requestBounds.ts';
import type { ReportFile } from '../../verdict/reportFiles.ts';
import { reportFormats } from '../../verdict/reporters/reportRenderers.ts';
import type { Shard } from '../../verdict/Shard.ts';
import { budgetOf, generatedTimeoutMs } from '../suite-api/generatedTimeoutMs.ts';
import { defaultConcurrency, defaultFuzzRuns, defaultSeed, maxDefaultConcurrency } from '../suite-api/targets.ts';
import { numberRules, type NumberRule } from './numberRules.ts';

/** What each kind of option holds: how a flag's text is read, a config key typed, a variable parsed. */
export interface OptionValues {
  number: number;
  url: string;
  text: string;
  /** Repeatable on the command line, one per line in a variable, one per target in a config file. */
  commands: string[];
  boolean: boolean;
  report: ReportFile[];
  shard: Shard;
  suites: SuiteName[];
  names: string[];
}

export type OptionKind = keyof OptionValues;

/** Where a config file holds an option: its top level (the whole run's), each target of its suites, or both (the top level for every target). */
export type ConfigPlace = 'run' | 'target' | 'run and target';

/** One option of `conform run`, of `run()`, of the config file and of a plain vitest run. */
export interface OptionRow {
  kind: OptionKind;
  /** The flag as `--help` shows it, with its argument (`--headers-timeout <seconds>`); absent: none. */
  flag?: string;
  /** The help of the flag that turns it off (`--no-config`), when it has one. */
  noFlag?: string;
  /** A number's range: every way of giving it is held to it (numberRules.ts). */
  rule?: NumberRule;
  /** The value a run takes when none is given (applied once: defaultOf). */
  default?: number | boolean;
  /** The default in words, when it is no one value ("10 for a deployment not on loopback, none on loopback"). */
  defaultText?: string;
  /** What `conform init`'s template shows for an option without a default. */
  example?: number;
  /** The environment variable a plain vitest run of the suites reads it from (and `conform run` too, for a secret). */
  variable?: string;
  /** A secret: read from its variable when no flag gives it; a config file names only the variable. */
  secret?: true;
  /** A config file's key for it: where it goes; its name when not the option's; required in a target. */
  config?: { at: ConfigPlace; key?: string; required?: true; doc?: string };
  /** The suites it applies to; absent: every one. */
  suites?: readonly SuiteName[];
  /** Names a target's address or command: given for a run without its suite, it is refused. */
  target?: true;
  /** Not an option of run() (a config key and variable only). */
  run?: false;
  /** `--help`'s line (after its suite, for an option of one suite: "fetch-service: "). */
  help: string;
  /** The docs' line, when longer than the help. */
  doc?: string;
}

const fetchService = ['fetch-service'] as const;
const meetingPlatform = ['meeting-platform'] as const;
const unitRecord = ['unit-record'] as const;
const services = ['fetch-service', 'meeting-platform'] as const;

/**
 * Every option of a run, once: `conform run`'s flags, `run()`'s options, the config file's keys, the
 * variables of a plain vitest run, their defaults, ranges and help. The CLI's flags, the config's schema,
 * RunOptions, `conform init`'s template and the docs' option tables are made from it
 * (runOptionTable.test.ts holds them to it). Adding an option: a row here, and the code that uses it;
 * then `node scripts/write-option-tables.ts` and, for a config key, `npm run generate:validator` (the
 * config's schema compiled ahead): their tests fail until then.
 * In `conform run --help`'s order.
 */
export const runOptionTable = {
  suites: {
    kind: 'suites',
    defaultText: 'every suite',
    variable: 'CONFORM_SUITES',
    help: 'the suites to run (the NAME arguments that are suites; with a config, default its targets\' suites)',
  },
  targets: {
    kind: 'names',
    help: "the config's named targets to run (the NAME arguments that are targets); default every one, unless suites are named",
  },
  config: {
    kind: 'text',
    flag: '--config <path>',
    noFlag: 'read no config file',
    defaultText: 'conform.config.{ts,mts,js,mjs,json} here or in a folder above',
    help: 'the config file',
    doc: 'the config file; `--no-config` reads none',
  },
  withReference: {
    kind: 'boolean',
    flag: '--with-reference',
    default: false,
    config: { at: 'run' },
    help: "also run each suite's embedded reference (and mock) beside the targets given: the column the others are compared with",
    doc: "also run each suite's embedded targets (the reference, and the fetch service's mock) beside the targets given: the column the others are compared with",
  },
  baseUrl: {
    kind: 'url',
    flag: '--base-url <url>',
    variable: 'CONFORM_FETCH_BASE_URL',
    config: { at: 'target', required: true },
    suites: fetchService,
    target: true,
    help: 'the deployment to check',
  },
  apiKey: {
    kind: 'text',
    flag: '--api-key <key>',
    defaultText: '$SVC_API_KEY',
    variable: 'SVC_API_KEY',
    secret: true,
    config: { at: 'target', key: 'apiKeyEnv', doc: 'the variable holding its API key (default: SVC_API_KEY)' },
    suites: fetchService,
    help: 'API key',
  },
  originUrl: {
    kind: 'url',
    flag: '--origin-url <url>',
    defaultText: 'one started on loopback',
    variable: 'CONFORM_ORIGIN_URL',
    config: { at: 'target' },
    suites: fetchService,
    target: true,
    help: 'a reachable origin farm',
  },
  fetchTimeout: {
    kind: 'number',
    flag: '--fetch-timeout <seconds>',
    rule: numberRules.positive,
    // The seed's: the fetch service gives up on an origin after 60 s.
    default: 60,
    variable: 'CONFORM_FETCH_TIMEOUT',
    config: { at: 'target' },
    suites: fetchService,
    help: 'the timeout the target enforces',
    doc: 'the timeout the target enforces, in seconds',
  },
  authUrl: {
    kind: 'url',
    flag: '--auth-url <url>',
    variable: 'CONFORM_MEETING_AUTH_URL',
    config: { at: 'target', required: true },
    suites: meetingPlatform,
    target: true,
    help: 'OAuth base URL (credentials from $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID)',
    doc: 'the OAuth server (`https://zoom.us`: the token endpoint is `/oauth/token` under it), with `--api-base-url`; credentials from `$MEETING_CLIENT_ID`, `$MEETING_CLIENT_SECRET`, `$MEETING_ACCOUNT_ID`; read-only',
  },
  apiBaseUrl: {
    kind: 'url',
    flag: '--api-base-url <url>',
    variable: 'CONFORM_MEETING_API_BASE_URL',
    config: { at: 'target', required: true },
    suites: meetingPlatform,
    target: true,
    help: 'the API base URL, as the platform documents it (https://api.zoom.us/v2) or without /v2',
    doc: "the API base URL, with the `/v2` the platform's documentation gives it (`https://api.zoom.us/v2`) or without, with `--auth-url`",
  },
  validator: {
    kind: 'commands',
    flag: '--validator <command>',
    variable: 'CONFORM_VALIDATOR',
    config: { at: 'target', doc: 'a command, as `--validator` takes it (a target holds this or validatorSet)' },
    suites: unitRecord,
    target: true,
    help: 'a command run with a record file path appended; exit 0 valid, 1 invalid (repeatable: validators side by side)',
    doc: "run with a record file's path appended: exit 0 valid, 1 invalid, anything else = the validator broke (repeatable: validators side by side)",
  },
  validatorSet: {
    kind: 'commands',
    flag: '--validator-set <command>',
    variable: 'CONFORM_VALIDATOR_SET',
    config: { at: 'target', doc: 'a command, as `--validator-set` takes it (a target holds this or validator)' },
    suites: unitRecord,
    target: true,
    help: 'a command run with the path of a JSON file holding an array of records (one page) appended; exit 0 the set is valid (a tree), 1 it is not (repeatable)',
    doc: 'run with the path of a JSON file holding an array of records (one page) appended: exit 0 the set is valid, 1 it is not; judged on the tree clauses (`UR-TREE-*`) (repeatable)',
  },
  report: {
    kind: 'report',
    flag: '--report <format=path>',
    config: { at: 'run', doc: '`[{format, path}]`, as `--report FORMAT=PATH` (which adds to them, a format given replacing the file of it); paths relative to the config file' },
    help: `also write a report: ${reportFormats.join(', ')}; blob=DIR: the shard's blob for conform report merge (repeatable)`,
    doc: `\`${reportFormats.join('`, `')}\` (repeatable); \`blob=DIR\` for a shard; the console report is always on`,
  },
  seed: {
    kind: 'number',
    flag: '--seed <n>',
    rule: numberRules.seed,
    default: defaultSeed,
    variable: 'CONFORM_SEED',
    config: { at: 'run' },
    help: 'seed for generated records and requests, 0 to 4294967295',
  },
  fuzzRuns: {
    kind: 'number',
    flag: '--fuzz-runs <n>',
    rule: numberRules.countFromZero,
    default: defaultFuzzRuns,
    variable: 'CONFORM_FUZZ_RUNS',
    config: { at: 'run' },
    suites: services,
    help: 'generated requests per operation, valid and mutated each; 0 turns them off',
    doc: 'generated requests per operation, valid and mutated each; 0 turns the generated checks off (the whole run\'s: they are defined once per run)',
  },
  oneTargetAtATime: {
    kind: 'boolean',
    flag: '--one-target-at-a-time',
    default: false,
    config: { at: 'run' },
    suites: ['fetch-service'],
    help: "judge the targets one after another, each alone, not side by side: for deployments that share a backend or a limit, or a busy machine",
    doc: "judge the targets one after another, each as a run of its own would (its checks all end before the next target's start), not side by side: for deployments that share a backend or a rate limit, or a busy machine where one target's timing checks would slow another's",
  },
  rateLimit: {
    kind: 'number',
    flag: '--rate-limit <n>',
    rule: numberRules.fromZero,
    defaultText: `${defaultRateLimit} for a deployment not on loopback, none on loopback`,
    example: defaultRateLimit,
    variable: 'CONFORM_RATE_LIMIT',
    config: { at: 'run and target' },
    suites: services,
    help: 'requests per second to each target; 0: none',
  },
  checkBudget: {
    kind: 'number',
    flag: '--check-budget <seconds>',
    rule: numberRules.positive,
    defaultText: `from --fuzz-runs and the rate limit (at their defaults ${defaultBudgetSeconds('http://127.0.0.1')} s on loopback, ${defaultBudgetSeconds('https://example.com')} s at ${defaultRateLimit} per second; fetch-service: 4 fetch timeouts more)`,
    example: defaultBudgetSeconds('https://example.com'),
    variable: 'CONFORM_CHECK_BUDGET',
    config: { at: 'run' },
    suites: services,
    help: 'seconds each generated check spends judging; what it could not judge in them is not judged, never failed',
    doc: 'seconds each generated check (`*-FUZZ-NO-5XX`, `-POSITIVE`, `-NEGATIVE`) spends judging its requests: a fault found among those judged fails its clause, the rest is "not judged in full", never failed (with `--strict`, a failure of the run); the default leaves every request its slot under the rate limit',
  },
  concurrency: {
    kind: 'number',
    flag: '--concurrency <n>',
    rule: numberRules.count,
    defaultText: `the rate limit x the latency the preflight measured, ${defaultConcurrency} to ${maxDefaultConcurrency} (${defaultConcurrency} without a rate limit)`,
    example: defaultConcurrency,
    variable: 'CONFORM_CONCURRENCY',
    config: { at: 'run' },
    suites: services,
    help: 'requests to a target in flight at once, at most, where they do not depend on each other (each still paced by --rate-limit)',
    doc: "requests to a target in flight at once, at most, where they do not depend on each other (generated requests, a check's independent probes); each still waits its turn under `--rate-limit`, and what depends on order (a pagination walk, a token's expiry, the 429 probes) keeps it",
  },
  headersTimeout: {
    kind: 'number',
    flag: '--headers-timeout <seconds>',
    rule: numberRules.positive,
    default: defaultRequestBounds.headersTimeout,
    variable: 'CONFORM_HEADERS_TIMEOUT',
    config: { at: 'run and target' },
    suites: services,
    help: "seconds any request waits for an answer's headers (fetch-service POSTs: plus --fetch-timeout)",
    doc: "how long any request waits for its answer's headers, connecting and sending included; the fetch service's `POST /v1/fetch` waits `--fetch-timeout` more, since it may take that long before its 504",
  },
  bodyTimeout: {
    kind: 'number',
    flag: '--body-timeout <seconds>',
    rule: numberRules.positive,
    default: defaultRequestBounds.bodyTimeout,
    variable: 'CONFORM_BODY_TIMEOUT',
    config: { at: 'run and target' },
    suites: services,
    help: "seconds from an answer's headers to its body's last byte",
    doc: "how long an answer's whole body may take from its headers to its last byte: a deadline, not an idle timer, so a drip of a byte a second ends too",
  },
  maxBodyMib: {
    kind: 'number',
    flag: '--max-body-mib <MiB>',
    rule: numberRules.positive,
    default: defaultRequestBounds.maxBodyMib,
    variable: 'CONFORM_MAX_BODY_MIB',
    config: { at: 'run and target' },
    suites: services,
    help: "MiB of an answer's body read at most (on the wire and once decompressed)",
    doc: "MiB of an answer's body read at most, counted on the wire and again once decompressed",
  },
  strict: {
    kind: 'boolean',
    flag: '--strict',
    default: false,
    config: { at: 'run' },
    help: 'SHOULD failures also fail the run',
  },
  grep: {
    kind: 'text',
    flag: '--grep <text>',
    help: 'only checks whose name contains TEXT',
    doc: 'only checks whose name contains TEXT (one that selects no check of the whole run: exit 2)',
  },
  shard: {
    kind: 'shard',
    flag: '--shard <i/n>',
    help: "run only part I of N of the suites' files (vitest's sharding); with --report blob=DIR, merge the parts with conform report merge",
    doc: "only part I of N of the suites' files (vitest's sharding); with `--report blob=DIR`, merge the parts with `conform report merge`",
  },
  suppress: {
    kind: 'boolean',
    flag: '--suppress',
    help: 'accept the current failures: add each to the suppressions file, with a reason to write',
  },
  prune: {
    kind: 'boolean',
    flag: '--prune',
    help: "drop the suppressions file's entries whose check ran and no longer fails for their cause",
  },
  suppressions: {
    kind: 'text',
    flag: '--suppressions <path>',
    defaultText: 'conform-suppressions.json in the working directory',
    help: 'the suppressions file',
    doc: 'the suppressions file, read when it exists',
  },
  requireReasons: {
    kind: 'boolean',
    flag: '--require-reasons',
    noFlag: 'suppressions without a reason are a warning line only (default when $CI is not set)',
    defaultText: 'when $CI is set',
    config: { at: 'run' },
    help: 'suppressions whose reason is still the TODO text fail the run',
    doc: 'an entry of the suppressions file whose reason is still the `TODO` text fails the run (exit 1), or with `--no-require-reasons` is only a warning line; $CI set to `false` or `0` counts as not set',
  },
  clientId: {
    kind: 'text',
    variable: credentialEnv.clientId,
    secret: true,
    config: { at: 'target', key: 'clientIdEnv', doc: `the variable holding the app's client id (default: ${credentialEnv.clientId})` },
    suites: meetingPlatform,
    run: false,
    help: "the app's client id",
  },
  clientSecret: {
    kind: 'text',
    variable: credentialEnv.clientSecret,
    secret: true,
    config: { at: 'target', key: 'clientSecretEnv', doc: `the variable holding the app's client secret (default: ${credentialEnv.clientSecret})` },
    suites: meetingPlatform,
    run: false,
    help: "the app's client secret",
  },
  accountId: {
    kind: 'text',
    variable: credentialEnv.accountId,
    secret: true,
    config: { at: 'target', key: 'accountIdEnv', doc: `the variable holding the account id (default: ${credentialEnv.accountId})` },
    suites: meetingPlatform,
    run: false,
    help: 'the account id',
  },
} as const satisfies Record<string, OptionRow>;

export type RunOptionTable = typeof runOptionTable;
export type OptionName = keyof RunOptionTable;

/** Seconds a generated check spends judging by default, at 100 runs (`extraMs`: the time a suite adds for its own slow requests). */
function defaultBudgetSeconds(url: string, extraMs = 0): number {
  return Math.round(budgetOf(extraMs + generatedTimeoutMs(url, { bounds: defaultRequestBounds }, defaultFuzzRuns)) / 1000);
}

/** The table's rows, each with its name, in order. */
export const optionRows = Object.entries(runOptionTable).map(([name, row]) => ({ name: name as OptionName, ...(row as OptionRow) }));

export type NamedRow = (typeof optionRows)[number];

/** The options run() takes from the table (the callbacks and a config given as an object are RunOptions' own). */
export type TableRunOptions = {
  [K in OptionName as RunOptionTable[K] extends { run: false } ? never : K]?: OptionValues[RunOptionTable[K]['kind']];
};

/** Names of the options that hold a number, and so have a rule. */
export type NumberOptionName = { [K in OptionName]: RunOptionTable[K]['kind'] extends 'number' ? K : never }[OptionName];

/** Every numeric option with its rule, wherever it is given (flag, variable, config key). */
export const numberOptions = optionRows.filter((r) => r.kind === 'number').map((r) => [r.name as NumberOptionName, r.rule!] as const);

type WithDefault = { [K in OptionName]: RunOptionTable[K] extends { default: number | boolean } ? K : never }[OptionName];

/** An option's default: the table's, the one place a run's defaults are written. */
export function defaultOf<K extends WithDefault>(name: K): RunOptionTable[K]['default'] {
  return runOptionTable[name].default;
}

/** The flag's long name (`--headers-timeout`), without its argument. */
export function longFlag(row: Pick<OptionRow, 'flag'>): string | undefined {
  return row.flag?.split(' ')[0];
}

/** An option's default as help and docs say it: its value, or its words; undefined when it has none to say (a switch that is off). */
export function shownDefault(row: Pick<OptionRow, 'default' | 'defaultText'>): string | undefined {
  if (row.defaultText !== undefined) return row.defaultText;
  return row.default === undefined || row.default === false ? undefined : String(row.default);
}
