import { resolve } from 'node:path';
import { credentialEnv } from '../../../meeting-platform/core/meetingCredentials.ts';
import type { TargetOptions } from '../../targets/TargetOptions.ts';
import type { ReportFile } from '../../../verdict/reportFiles.ts';
import type { RunOptions } from '../RunOptions.ts';
import { suiteNames, type SuiteName } from '../../../catalogue/suites.ts';
import { optionRows, runOptionTable } from '../runOptionTable.ts';
import { exchangeLimits, flagNames, limitKeys, runOnlyKeys, valueProblem, type OptionInput, type OptionNames } from '../toConformOptions.ts';
import { fetchServiceTarget } from '../targets/fetchServiceTarget.ts';
import { meetingPlatformTarget } from '../targets/meetingPlatformTarget.ts';
import { unitRecordTarget } from '../targets/unitRecordTarget.ts';
import { reasonsRequiredByDefault } from '../../../verdict/suppressions/suppressionsFile.ts';
import { isPlaceholder } from './configTemplate.ts';
import type { TargetConfig } from './configSchema.ts';
import type { LoadedConfig } from './loadConfig.ts';

/** A run's options with its config laid under them: what toConformOptions takes, and the config's named targets built. */
export interface ConfiguredRun {
  /** run()'s options, the config's top-level values filling those not given. */
  input: OptionInput;
  /** How problems name each option: its flag, or the config's key (`conform.config.ts: seed`). */
  names: OptionNames;
  /** The named targets the run selects, each suite's in the config's order. */
  targets: TargetOptions;
  strict: boolean;
  withReference: boolean;
  /** Suppressions without a reason fail the run: the option given, else the config's, else whether $CI is set. */
  requireReasons: boolean;
  /** The report files, their paths absolute: the config's relative to its folder, the ones given to the working directory. */
  report: ReportFile[];
  problems: string[];
}

type Env = Record<string, string | undefined>;
type Named = readonly [name: string, target: TargetConfig];

/** The options a config's top level sets for the run, as the options given do (the others are run()'s own: strict, report, ...). */
const runWide = optionRows.filter((r) => r.config && r.config.at !== 'target' && !(runOnlyKeys as readonly string[]).includes(r.name)).map((r) => r.name as keyof OptionInput);

/** The flags that name one deployment: they go to the one selected target of their suite. */
const deploymentFlags = { baseUrl: 'fetch-service', apiKey: 'fetch-service', authUrl: 'meeting-platform', apiBaseUrl: 'meeting-platform' } as const satisfies Partial<Record<keyof OptionInput, SuiteName>>;
type DeploymentFlag = keyof typeof deploymentFlags;

/** The options a flag or the config's top level sets for every target that takes them. */
type PerTargetKey = 'originUrl' | 'fetchTimeout' | (typeof limitKeys)[number];

/**
 * Lays a run's options over its config (loaded and checked by loadConfig): the options given win, then
 * the target's own keys, then the config's top level, then the defaults. Selects the named targets
 * (`targets`, or those of the `suites` named, or every one) and builds them, reading the variables they
 * name from `env` (for the selected ones only: one config serves runs of some of its targets). A flag
 * that names one deployment (--base-url, --api-key, --auth-url, --api-base-url) overrides the key of the
 * one selected target of its suite; with several selected it is a problem, with none it makes a target
 * of its own as without a config. Problems, one line each, name the file and the key path.
 */
export function applyConfig(loaded: LoadedConfig | undefined, options: RunOptions, env: Env): ConfiguredRun {
  const config = loaded?.config ?? {};
  const shown = loaded?.shown ?? 'the config';
  const { input, names } = runWideFromConfig(options, config, shown);
  const selection = selectTargets(loaded, options);
  input.suites = selection.suites;
  const deployment = deploymentFlagsOf(options, selection.selected, shown);
  for (const key of Object.keys(deployment.given) as DeploymentFlag[]) delete input[key];

  const targets: TargetOptions = { 'fetch-service': [], 'meeting-platform': [], 'unit-record': [] };
  const problems = [...selection.problems, ...deployment.problems];
  for (const [name, target] of selection.selected) {
    const made = configTarget({ name, target, shown, options, input, names, flags: deployment.given, env });
    problems.push(...made.problems);
    if (made.target) (targets[target.suite] as unknown[]).push(made.target);
  }
  return {
    input,
    names,
    targets,
    strict: options.strict ?? config.strict ?? false,
    withReference: options.withReference ?? config.withReference ?? false,
    requireReasons: options.requireReasons ?? config.requireReasons ?? reasonsRequiredByDefault(env),
    report: configuredReports(loaded, options.report ?? []),
    problems,
  };
}

/** Run-wide values: the option given, else the config's top level (checked with the options given, by toConformOptions, under the name returned). */
function runWideFromConfig(options: RunOptions, config: NonNullable<LoadedConfig['config']>, shown: string): { input: OptionInput; names: OptionNames } {
  const names: OptionNames = { ...flagNames };
  const input: OptionInput = Object.fromEntries(Object.entries(options).filter(([k]) => !(runOnlyKeys as readonly string[]).includes(k))) as OptionInput;
  for (const key of runWide) {
    const value = (config as Partial<Record<keyof OptionInput, unknown>>)[key];
    if (input[key] === undefined && value !== undefined) {
      (input as Record<string, unknown>)[key] = value;
      names[key] = `${shown}: ${key}`;
    }
  }
  return { input, names };
}

/**
 * Which named targets run, and so which suites: the suites named keep their order (as without a
 * config), one without targets in the config running as it would without one; then the suites of the
 * targets selected.
 */
function selectTargets(loaded: LoadedConfig | undefined, options: RunOptions): { selected: Named[]; suites: SuiteName[]; problems: string[] } {
  const problems: string[] = [];
  const all = Object.entries(loaded?.config.targets ?? {});
  const wanted = options.targets ?? [];
  if (wanted.length && !loaded) problems.push(`no config file names targets (${wanted.join(', ')}): \`conform init\` writes one`);
  const unknown = wanted.filter((n) => !all.some(([name]) => name === n));
  if (loaded && unknown.length) problems.push(`${loaded.shown} has no target ${unknown.join(', ')}; it has ${all.map(([n]) => n).join(', ') || 'none'}`);
  const requested = options.suites ?? [];
  const selected = all.filter(([name, t]) => wanted.includes(name) || requested.includes(t.suite as SuiteName) || (!wanted.length && !requested.length));
  const suites = selected.length ? [...new Set([...requested, ...selected.map(([, t]) => t.suite as SuiteName)])] : requested.length ? [...requested] : [...suiteNames];
  return { selected, suites, problems };
}

/** The flags naming one deployment that go to the one selected target of their suite; with several selected, a problem. */
function deploymentFlagsOf(options: RunOptions, selected: readonly Named[], shown: string): { given: Partial<Record<DeploymentFlag, string>>; problems: string[] } {
  const given: Partial<Record<DeploymentFlag, string>> = {};
  const problems: string[] = [];
  for (const [key, suite] of Object.entries(deploymentFlags) as Array<[DeploymentFlag, SuiteName]>) {
    const value = options[key];
    const mine = selected.filter(([, t]) => t.suite === suite);
    if (value === undefined || !mine.length) continue;
    if (mine.length > 1) problems.push(`${flagNames[key]} names one deployment; this run has ${mine.length} ${suite} targets (${mine.map(([n]) => n).join(', ')}): set it in ${shown}, or run one of them`);
    // Taken from the run's options either way: it does not make a target of its own beside the config's.
    given[key] = mine.length > 1 ? undefined : value;
  }
  return { given, problems };
}

interface TargetContext {
  name: string;
  target: TargetConfig;
  shown: string;
  options: RunOptions;
  input: OptionInput;
  names: OptionNames;
  flags: Partial<Record<DeploymentFlag, string>>;
  env: Env;
}

/** One named target of the config, built by its suite's builder; its problems, one line each. */
function configTarget(c: TargetContext): { target?: unknown; problems: string[] } {
  const problems: string[] = [];
  const key = (k: string) => `${c.shown}: targets.${c.name}.${k}`;
  // What is found before the run names a target's key without the file ("cannot reach targets.staging.baseUrl …").
  const withoutFile = (named: string) => named.replace(`${c.shown}: `, '');
  /** A value of the config (or a flag that names one deployment) held to its option's rule; init's placeholders named as such. */
  const check = (k: keyof typeof runOptionTable, value: unknown, named: string) => {
    const problem = typeof value === 'string' && isPlaceholder(value) ? `${named} still holds the placeholder ${value}: fill it in` : valueProblem(runOptionTable[k], named, value);
    if (problem) problems.push(problem);
  };
  /**
   * A value and how a problem names it: the flag's when given, else the target's key, else the config's
   * top level. Each is checked once, where it is given: the target's key here, the others with the
   * run's options (toConformOptions).
   */
  const pick = (k: PerTargetKey, fromTarget: string | number | undefined): [unknown, string] => {
    if (c.options[k] !== undefined) return [c.options[k], flagNames[k]];
    if (fromTarget === undefined) return [c.input[k], c.names[k]];
    check(k, fromTarget, key(k));
    return [fromTarget, key(k)];
  };
  /** A deployment's address: the flag naming it, else the target's key; checked here either way. */
  const address = (k: DeploymentFlag, fromTarget: string): [string, string] => {
    const given = c.flags[k];
    const [value, named] = given !== undefined ? [given, flagNames[k]] : [fromTarget, key(k)];
    check(k, value, named);
    return [value, named];
  };
  const limits = () => {
    const given: Partial<Record<(typeof limitKeys)[number], number>> = {};
    for (const k of limitKeys) {
      const [value] = pick(k, c.target.suite === 'unit-record' ? undefined : c.target[k]);
      if (typeof value === 'number') given[k] = value;
    }
    return exchangeLimits(given);
  };
  const secret = (k: string, variableName: string | undefined, fallback: string): string | undefined => {
    const found = secretOf(c.env, variableName, fallback);
    if (found.problem) problems.push(found.problem === 'not a variable' ? `${key(k)} takes the name of the variable that holds the secret (such as ${fallback}), not the secret` : variableName === undefined ? `${c.shown}: targets.${c.name} needs $${found.variable} set (or ${k} naming another variable)` : `${key(k)}: $${found.variable} is not set`);
    return found.value;
  };

  const t = c.target;
  switch (t.suite) {
    case 'fetch-service': {
      const [baseUrl, baseName] = address('baseUrl', t.baseUrl);
      const apiKey = c.flags.apiKey ?? secret('apiKeyEnv', t.apiKeyEnv, runOptionTable.apiKey.variable);
      const [originUrl, originName] = pick('originUrl', t.originUrl);
      const [fetchTimeout] = pick('fetchTimeout', t.fetchTimeout);
      const target = fetchServiceTarget({
        label: c.name,
        optionNames: { baseUrl: withoutFile(baseName), ...(typeof originUrl === 'string' ? { originUrl: withoutFile(originName) } : {}) },
        baseUrl,
        apiKey,
        // Reports name the variable the key is in: --api-key's own ($SVC_API_KEY) when the flag gave it.
        apiKeyVar: c.flags.apiKey === undefined && t.apiKeyEnv !== undefined ? t.apiKeyEnv : runOptionTable.apiKey.variable,
        ...(typeof originUrl === 'string' ? { originUrl } : {}),
        ...(typeof fetchTimeout === 'number' ? { fetchTimeoutSeconds: fetchTimeout } : {}),
        limits: limits(),
      });
      return { target, problems };
    }
    case 'meeting-platform': {
      const [authUrl, authName] = address('authUrl', t.authUrl);
      const [apiBaseUrl, apiName] = address('apiBaseUrl', t.apiBaseUrl);
      const credentialVars = { clientId: t.clientIdEnv ?? credentialEnv.clientId, clientSecret: t.clientSecretEnv ?? credentialEnv.clientSecret, accountId: t.accountIdEnv ?? credentialEnv.accountId };
      const credentials = {
        clientId: secret('clientIdEnv', t.clientIdEnv, credentialEnv.clientId) ?? '',
        clientSecret: secret('clientSecretEnv', t.clientSecretEnv, credentialEnv.clientSecret) ?? '',
        accountId: secret('accountIdEnv', t.accountIdEnv, credentialEnv.accountId) ?? '',
      };
      const target = meetingPlatformTarget({ label: c.name, optionNames: { authUrl: withoutFile(authName), apiBaseUrl: withoutFile(apiName) }, authUrl, apiBaseUrl, credentials, credentialVars, limits: limits() });
      return { target, problems };
    }
    case 'unit-record': {
      // configProblems made sure there is exactly one of the two.
      const kind = t.validator !== undefined ? 'validator' : 'validatorSet';
      const command = t.validator ?? t.validatorSet ?? '';
      if (isPlaceholder(command)) return { problems: [`${key(kind)} still holds the placeholder ${command.trim()}: fill it in`] };
      const built = unitRecordTarget({ kind, command, named: key(kind), label: c.name, optionName: withoutFile(key(kind)) });
      // A command refused still counts as the target's: its problem is said, nothing else runs.
      return 'problem' in built ? { problems: [built.problem] } : { target: built.target, problems };
    }
  }
}

/**
 * A secret read from the variable a target names (or its default one): its value, or why there is
 * none. A variable's name that is no name is never quoted: what is there may be the secret itself.
 */
function secretOf(env: Env, variableName: string | undefined, fallback: string): { value?: string; variable: string; problem?: 'not a variable' | 'not set' } {
  const variable = variableName ?? fallback;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) return { variable, problem: 'not a variable' };
  const value = env[variable];
  return value ? { value, variable } : { variable, problem: 'not set' };
}

/**
 * The report files of a run, each path resolved once, here: the config's relative to its folder, the
 * ones given to the working directory, a format given replacing the config's.
 */
export function configuredReports(loaded: LoadedConfig | undefined, given: readonly ReportFile[]): ReportFile[] {
  const fromConfig = (loaded?.config.report ?? []).filter((r) => !given.some((g) => g.format === r.format));
  return [...fromConfig.map((r) => ({ format: r.format, path: resolve(loaded!.dir, r.path) })), ...given.map((r) => ({ ...r, path: resolve(r.path) }))];
}
