import type { ConformOptions } from '../targets/ConformOptions.ts';
import { numberProblem, numberRules, type NumberRule } from './numberRules.ts';
import { isSuiteName, suiteNames, type SuiteName } from '../catalogue/suites.ts';
import { toConformOptions, type OptionInput, type OptionNames } from './toConformOptions.ts';

/**
 * The variables of a plain vitest run of the suites (`vitest --config vitest.conformance.config.ts`),
 * one per `conform run` option; README "Running a suite with plain vitest" lists them.
 */
export const targetEnv: OptionNames = {
  suites: 'CONFORM_SUITES',
  seed: 'CONFORM_SEED',
  validator: 'CONFORM_VALIDATOR',
  validatorSet: 'CONFORM_VALIDATOR_SET',
  baseUrl: 'CONFORM_FETCH_BASE_URL',
  apiKey: 'SVC_API_KEY',
  originUrl: 'CONFORM_ORIGIN_URL',
  fetchTimeout: 'CONFORM_FETCH_TIMEOUT',
  authUrl: 'CONFORM_MEETING_AUTH_URL',
  apiBaseUrl: 'CONFORM_MEETING_API_BASE_URL',
  fuzzRuns: 'CONFORM_FUZZ_RUNS',
  rateLimit: 'CONFORM_RATE_LIMIT',
  headersTimeout: 'CONFORM_HEADERS_TIMEOUT',
  bodyTimeout: 'CONFORM_BODY_TIMEOUT',
  maxBodyMib: 'CONFORM_MAX_BODY_MIB',
};

type Env = Record<string, string | undefined>;

/**
 * A plain vitest run's options, read once from the environment into the object `conform run` hands the
 * suites, and held to the same rules (in the same words, naming the variables). Targets of suites the
 * run leaves out are not read: one environment may serve several runs. Throws an Error with every
 * problem, one per line.
 */
export function optionsFromEnv(env: Env): ConformOptions {
  const problems: string[] = [];
  const text = (key: keyof OptionNames): string | undefined => env[targetEnv[key]] || undefined;
  const number = (key: keyof OptionNames, rule: NumberRule): number | undefined => {
    const raw = text(key);
    if (raw === undefined) return undefined;
    const problem = numberProblem(targetEnv[key], raw, rule);
    if (problem) problems.push(problem);
    return problem ? undefined : Number(raw.trim());
  };
  // One command per line: several validators are compared side by side, each a target of its own.
  const lines = (key: keyof OptionNames): string[] => (text(key) ?? '').split('\n').map((c) => c.trim()).filter(Boolean);

  const suites = (text('suites') ?? suiteNames.join(',')).split(',').map((s) => s.trim()).filter(Boolean);
  const runs = (suite: SuiteName): boolean => suites.includes(suite) || !suites.some(isSuiteName);
  const input: OptionInput = {
    suites: suites as SuiteName[],
    seed: number('seed', numberRules.seed),
    fuzzRuns: number('fuzzRuns', numberRules.countFromZero),
    rateLimit: number('rateLimit', numberRules.fromZero),
    headersTimeout: number('headersTimeout', numberRules.positive),
    bodyTimeout: number('bodyTimeout', numberRules.positive),
    maxBodyMib: number('maxBodyMib', numberRules.positive),
    apiKey: text('apiKey'),
    ...(runs('fetch-service') ? { baseUrl: text('baseUrl'), originUrl: text('originUrl'), fetchTimeout: number('fetchTimeout', numberRules.positive) } : {}),
    ...(runs('meeting-platform') ? { authUrl: text('authUrl'), apiBaseUrl: text('apiBaseUrl') } : {}),
    ...(runs('unit-record') ? { validator: lines('validator'), validatorSet: lines('validatorSet') } : {}),
  };
  const { options, problems: more } = toConformOptions(withoutUndefined(input), env, targetEnv);
  problems.push(...more);
  if (problems.length) throw new Error(problems.join('\n'));
  return options;
}

function withoutUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
