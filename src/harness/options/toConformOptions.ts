import { credentialEnv, credentialsFromEnv } from '../../meeting-platform/core/meetingCredentials.ts';
import type { ConformOptions } from './ConformOptions.ts';
import type { TargetOptions } from '../targets/TargetOptions.ts';
import type { ExchangeLimits } from '../../exchange/exchangeLimits.ts';
import { httpUrlProblem } from './httpUrl.ts';
import { numberProblem } from './numberRules.ts';
import { fetchServiceTarget } from './targets/fetchServiceTarget.ts';
import { meetingPlatformTarget } from './targets/meetingPlatformTarget.ts';
import { unitRecordTarget } from './targets/unitRecordTarget.ts';
import type { RunOptions } from './RunOptions.ts';
import { isSuiteName, suiteNames, type SuiteName } from '../../catalogue/suites.ts';
import { defaultOf, longFlag, optionRows, runOptionTable, type NamedRow, type OptionName, type OptionRow, type RunOptionTable } from './runOptionTable.ts';

/** run()'s options that run() itself uses (its config's named targets, reports, suppressions, ...): toConformOptions takes the others. */
export const runOnlyKeys = ['report', 'strict', 'grep', 'shard', 'onStart', 'onCheck', 'onProgress', 'config', 'targets', 'withReference', 'suppress', 'prune', 'suppressions', 'requireReasons'] as const satisfies ReadonlyArray<keyof RunOptions>;

/** The options a run turns into ConformOptions: run()'s, less what only run() itself uses. */
export type OptionInput = Omit<RunOptions, (typeof runOnlyKeys)[number]>;

/** How the user gave each option, for the problems that name it: flags for run(), variables for a plain vitest run. */
export type OptionNames = { [K in keyof Required<OptionInput>]: string };

/** Each option as the command line names it: its flag (the suites, by the SUITE arguments). */
export const flagNames = { ...(Object.fromEntries(optionRows.map((r) => [r.name, longFlag(r) ?? r.name])) as OptionNames), suites: 'SUITE' };

/**
 * The table's rows, the run's own options first and then those of a suite's target (its address,
 * its own settings): problems are listed in this order, and a plain vitest run reads a target's only
 * for the suites it runs.
 */
export const runWideFirst = [...optionRows.filter((r) => !isTargetOwn(r)), ...optionRows.filter(isTargetOwn)];

/** An option a target has of its own (a config's target holds it, never its top level), and not a secret, which the environment holds. */
export function isTargetOwn(row: NamedRow): boolean {
  return row.config?.at === 'target' && !row.secret;
}

/**
 * A run's options checked and made into the data the suites get: every problem found (one line each,
 * naming the option as the user gave it), or the options. Secrets the flags leave out come from `env`
 * ($SVC_API_KEY, $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID). Nothing is contacted.
 */
export function toConformOptions(input: OptionInput, env: Record<string, string | undefined>, names: OptionNames = flagNames): { options: ConformOptions; problems: string[] } {
  const problems: string[] = [];
  const suites = selectSuites(input.suites, names.suites, problems);

  for (const row of optionRows) {
    if (!row.target) continue;
    const key = row.name as keyof OptionInput;
    const value = input[key];
    const given = Array.isArray(value) ? value.length > 0 : value !== undefined;
    const suite = row.suites![0]!;
    if (given && !suites.includes(suite)) problems.push(`${names[key]} applies to the ${suite} suite, which this run does not include`);
  }
  for (const row of runWideFirst) {
    const key = row.name as keyof OptionInput;
    const value = input[key];
    if (value === undefined) continue;
    const problem = valueProblem(row, names[key], value);
    if (problem) problems.push(problem);
  }
  const targets: TargetOptions = { 'fetch-service': [], 'meeting-platform': [], 'unit-record': [] };
  for (const kind of ['validator', 'validatorSet'] as const) {
    for (const command of new Set((input[kind] ?? []).map((c) => c.trim()))) {
      const built = unitRecordTarget({ kind, command, named: names[kind] });
      if ('problem' in built) problems.push(built.problem);
      else targets['unit-record'].push(built.target);
    }
  }
  const limits = exchangeLimits(input);

  const keyVariable = runOptionTable.apiKey.variable;
  const apiKey = input.apiKey || env[keyVariable];
  if (input.baseUrl !== undefined) {
    if (!apiKey) problems.push(`${names.baseUrl} needs an API key: set $${keyVariable} or pass ${flagNames.apiKey}`);
    targets['fetch-service'].push(fetchServiceTarget({ baseUrl: input.baseUrl, apiKey, ...(input.originUrl !== undefined ? { originUrl: input.originUrl } : {}), ...(input.fetchTimeout !== undefined ? { fetchTimeoutSeconds: input.fetchTimeout } : {}), limits }));
  }

  // The environment's account is read only when the suite that uses it runs.
  const account = suites.includes('meeting-platform') ? credentialsFromEnv(env) : ({ kind: 'none' } as const);
  const variables = Object.values(credentialEnv).map((v) => `$${v}`).join(', ');
  if (account.kind === 'partial') problems.push(`set all of ${variables} or none; missing ${account.missing.map((v) => `$${v}`).join(', ')}`);
  if ((input.authUrl === undefined) !== (input.apiBaseUrl === undefined)) {
    problems.push(`${names.authUrl} and ${names.apiBaseUrl} go together: give both to check a meeting platform deployment`);
  } else if (input.authUrl !== undefined && input.apiBaseUrl !== undefined) {
    if (account.kind === 'none') problems.push(`${names.authUrl} and ${names.apiBaseUrl} need the account's credentials: set ${variables}`);
    if (account.kind === 'complete') targets['meeting-platform'].push(meetingPlatformTarget({ authUrl: input.authUrl, apiBaseUrl: input.apiBaseUrl, credentials: account.credentials, limits }));
  }

  const options: ConformOptions = {
    suites,
    seed: input.seed ?? defaultOf('seed'),
    fuzzRuns: input.fuzzRuns ?? defaultOf('fuzzRuns'),
    ...(input.checkBudget !== undefined ? { checkBudget: input.checkBudget } : {}),
    // Absent: the run chooses it from the rate limit and the latency its preflight measures (run/concurrencyFor.ts).
    ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
    ...(input.oneTargetAtATime ? { oneTargetAtATime: true } : {}),
    limits,
    targets,
    ...(account.kind === 'complete' ? { embeddedMeetingAccount: account.credentials } : {}),
  };
  return { options, problems: [...new Set(problems)] };
}

function selectSuites(requested: readonly string[] | undefined, name: string, problems: string[]): SuiteName[] {
  if (!requested?.length) return [...suiteNames];
  const unknown = requested.filter((s) => !isSuiteName(s));
  if (unknown.length) problems.push(`unknown suite ${unknown.join(', ')}${name === flagNames.suites ? '' : ` in ${name}`}; choose from ${suiteNames.join(', ')}`);
  return [...new Set(requested.filter(isSuiteName))];
}

type LimitKey = { [K in OptionName]: RunOptionTable[K] extends { config: { at: 'run and target' } } ? K : never }[OptionName];

/** The options a flag or a config's top level sets for every target, and a target's config may set for itself: its limits. */
export const limitKeys = optionRows.filter((r) => r.config?.at === 'run and target').map((r) => r.name as LimitKey);

/** A target's limits from the options that set them, the defaults for those not given. */
export function exchangeLimits(given: Pick<OptionInput, LimitKey>): ExchangeLimits {
  return {
    bounds: {
      headersTimeout: given.headersTimeout ?? defaultOf('headersTimeout'),
      bodyTimeout: given.bodyTimeout ?? defaultOf('bodyTimeout'),
      maxBodyMib: given.maxBodyMib ?? defaultOf('maxBodyMib'),
    },
    ...(given.rateLimit !== undefined ? { rateLimit: given.rateLimit } : {}),
  };
}

/**
 * The one-line problem with an option's value under its row's rule (a number's range, a URL's scheme),
 * named as given (`--seed`, `CONFORM_SEED`, `conform.config.ts: targets.staging.seed`); undefined when it keeps it.
 */
export function valueProblem(row: OptionRow, name: string, value: unknown): string | undefined {
  if (row.kind === 'number' && typeof value === 'number') return numberProblem(name, value, row.rule!);
  if (row.kind === 'url' && typeof value === 'string') {
    const problem = httpUrlProblem(value);
    return problem && `${name} ${problem}`;
  }
  return undefined;
}
