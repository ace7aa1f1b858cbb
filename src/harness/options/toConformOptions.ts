import { apiRoot } from '../../meeting-platform/apiRoot.ts';
import { credentialEnv, credentialsFromEnv } from '../../meeting-platform/core/meetingCredentials.ts';
import type { ConformOptions, TargetOptions } from '../targets/ConformOptions.ts';
import type { ExchangeLimits } from '../exchange/exchangeLimits.ts';
import { numberProblem, numberRules, type NumberRule } from './numberRules.ts';
import { defaultRequestBounds } from '../exchange/requestBounds.ts';
import type { RunOptions } from './RunOptions.ts';
import type { SuppressionOptions } from '../reports/suppressions/suppressionsFile.ts';
import { isSuiteName, suiteNames, type SuiteName } from '../catalogue/suites.ts';
import { defaultFuzzRuns, defaultSeed } from '../suite-api/targets.ts';

/** The options a run turns into ConformOptions: run()'s, less what only run() itself uses (and a config file's named targets: namedTargets). */
export type OptionInput = Omit<RunOptions, 'report' | 'strict' | 'grep' | 'shard' | 'onStart' | 'onCheck' | 'onProgress' | 'config' | 'targets' | 'withReference' | keyof SuppressionOptions>;

/** How the user gave each option, for the problems that name it: flags for run(), variables for a plain vitest run. */
export type OptionNames = { [K in keyof Required<OptionInput>]: string };

export const flagNames: OptionNames = {
  suites: 'SUITE',
  baseUrl: '--base-url',
  apiKey: '--api-key',
  originUrl: '--origin-url',
  fetchTimeout: '--fetch-timeout',
  authUrl: '--auth-url',
  apiBaseUrl: '--api-base-url',
  validator: '--validator',
  validatorSet: '--validator-set',
  seed: '--seed',
  fuzzRuns: '--fuzz-runs',
  rateLimit: '--rate-limit',
  headersTimeout: '--headers-timeout',
  bodyTimeout: '--body-timeout',
  maxBodyMib: '--max-body-mib',
};

/** Seconds, the seed's fetch timeout. */
export const defaultFetchTimeout = 60;

/** The options each suite's targets come from: giving one for a run without that suite is a mistake. */
const suiteOf: Partial<Record<keyof OptionInput, SuiteName>> = {
  baseUrl: 'fetch-service',
  originUrl: 'fetch-service',
  authUrl: 'meeting-platform',
  apiBaseUrl: 'meeting-platform',
  validator: 'unit-record',
  validatorSet: 'unit-record',
};

/** The rule of each numeric option, wherever it is given (flag, variable, config key). */
export const numbers: Array<[keyof OptionInput & ('seed' | 'fuzzRuns' | 'rateLimit' | 'headersTimeout' | 'bodyTimeout' | 'maxBodyMib' | 'fetchTimeout'), NumberRule]> = [
  ['seed', numberRules.seed],
  ['fuzzRuns', numberRules.countFromZero],
  ['rateLimit', numberRules.fromZero],
  ['headersTimeout', numberRules.positive],
  ['bodyTimeout', numberRules.positive],
  ['maxBodyMib', numberRules.positive],
  ['fetchTimeout', numberRules.positive],
];

/**
 * A run's options checked and made into the data the suites get: every problem found (one line each,
 * naming the option as the user gave it), or the options. Secrets the flags leave out come from `env`
 * ($SVC_API_KEY, $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID). Nothing is contacted.
 */
export function toConformOptions(input: OptionInput, env: Record<string, string | undefined>, names: OptionNames = flagNames): { options: ConformOptions; problems: string[] } {
  const problems: string[] = [];
  const suites = selectSuites(input.suites, names.suites, problems);

  for (const [key, suite] of Object.entries(suiteOf) as Array<[keyof OptionInput, SuiteName]>) {
    const value = input[key];
    const given = Array.isArray(value) ? value.length > 0 : value !== undefined;
    if (given && !suites.includes(suite)) problems.push(`${names[key]} applies to the ${suite} suite, which this run does not include`);
  }
  for (const [key, rule] of numbers) {
    const value = input[key];
    const problem = value === undefined ? undefined : numberProblem(names[key], value, rule);
    if (problem) problems.push(problem);
  }
  for (const key of ['baseUrl', 'originUrl', 'authUrl', 'apiBaseUrl'] as const) {
    const value = input[key];
    if (value !== undefined && !isHttpUrl(value)) problems.push(`${names[key]} takes an http(s) URL; got ${JSON.stringify(value)}`);
  }
  const validators = (key: 'validator' | 'validatorSet'): string[] => {
    const commands = [...new Set((input[key] ?? []).map((c) => c.trim()))];
    if (commands.some((c) => c === '' || c.includes('\n'))) problems.push(`${names[key]} takes a one-line command`);
    return commands;
  };
  const validator = validators('validator');
  const validatorSet = validators('validatorSet');

  const limits = exchangeLimits(input);
  const targets: TargetOptions = { 'fetch-service': [], 'meeting-platform': [], 'unit-record': [] };

  const apiKey = input.apiKey || env.SVC_API_KEY;
  if (input.baseUrl !== undefined) {
    if (!apiKey) problems.push(`${names.baseUrl} needs an API key: set $SVC_API_KEY or pass ${flagNames.apiKey}`);
    const originUrl = input.originUrl === undefined ? {} : { originUrl: input.originUrl };
    targets['fetch-service'].push({ baseUrl: input.baseUrl, apiKey: apiKey ?? '', ...originUrl, fetchTimeout: input.fetchTimeout ?? defaultFetchTimeout, limits });
  }

  // The environment's account is read only when the suite that uses it runs.
  const account = suites.includes('meeting-platform') ? credentialsFromEnv(env) : ({ kind: 'none' } as const);
  const variables = Object.values(credentialEnv).map((v) => `$${v}`).join(', ');
  if (account.kind === 'partial') problems.push(`set all of ${variables} or none; missing ${account.missing.map((v) => `$${v}`).join(', ')}`);
  if ((input.authUrl === undefined) !== (input.apiBaseUrl === undefined)) {
    problems.push(`${names.authUrl} and ${names.apiBaseUrl} go together: give both to check a meeting platform deployment`);
  } else if (input.authUrl !== undefined && input.apiBaseUrl !== undefined) {
    if (account.kind === 'none') problems.push(`${names.authUrl} and ${names.apiBaseUrl} need the account's credentials: set ${variables}`);
    if (account.kind === 'complete') targets['meeting-platform'].push({ authUrl: input.authUrl, apiBaseUrl: apiRoot(input.apiBaseUrl), credentials: account.credentials, limits });
  }

  targets['unit-record'].push(...validator.map((command) => ({ validator: command })), ...validatorSet.map((command) => ({ validatorSet: command })));

  const options: ConformOptions = {
    suites,
    seed: input.seed ?? defaultSeed,
    fuzzRuns: input.fuzzRuns ?? defaultFuzzRuns,
    limits,
    targets,
    ...(account.kind === 'complete' ? { embeddedMeetingAccount: account.credentials } : {}),
  };
  return { options, problems };
}

function selectSuites(requested: readonly string[] | undefined, name: string, problems: string[]): SuiteName[] {
  if (!requested?.length) return [...suiteNames];
  const unknown = requested.filter((s) => !isSuiteName(s));
  if (unknown.length) problems.push(`unknown suite ${unknown.join(', ')}${name === flagNames.suites ? '' : ` in ${name}`}; choose from ${suiteNames.join(', ')}`);
  return [...new Set(requested.filter(isSuiteName))];
}

/** A target's limits from the options that set them, the defaults for those not given. */
export function exchangeLimits(given: Pick<OptionInput, 'rateLimit' | 'headersTimeout' | 'bodyTimeout' | 'maxBodyMib'>): ExchangeLimits {
  return {
    bounds: {
      headersTimeout: given.headersTimeout ?? defaultRequestBounds.headersTimeout,
      bodyTimeout: given.bodyTimeout ?? defaultRequestBounds.bodyTimeout,
      maxBodyMib: given.maxBodyMib ?? defaultRequestBounds.maxBodyMib,
    },
    ...(given.rateLimit !== undefined ? { rateLimit: given.rateLimit } : {}),
  };
}

export function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
