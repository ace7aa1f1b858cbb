import { resolve } from 'node:path';
import { apiRoot } from '../../../meeting-platform/apiRoot.ts';
import { credentialEnv } from '../../../meeting-platform/core/meetingCredentials.ts';
import type { TargetOptionNames, TargetOptions } from '../../targets/TargetOptions.ts';
import type { ExchangeLimits } from '../../../exchange/exchangeLimits.ts';
import type { ReportFile } from '../../reports/reportFiles.ts';
import type { RunOptions } from '../RunOptions.ts';
import { suiteNames, type SuiteName } from '../../catalogue/suites.ts';
import { defaultOf, optionRows, runOptionTable } from '../runOptionTable.ts';
import { exchangeLimits, flagNames, limitKeys, runOnlyKeys, valueProblem, type OptionInput, type OptionNames } from '../toConformOptions.ts';
import { reasonsRequiredByDefault } from '../../reports/suppressions/suppressionsFile.ts';
import { isPlaceholder } from './configTemplate.ts';
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
  report: ReportFile[];
  problems: string[];
}

type Env = Record<string, string | undefined>;

/** The options a config's top level sets for the run, as the options given do (the others are run()'s own: strict, report, ...). */
const runWide = optionRows.filter((r) => r.config && r.config.at !== 'target' && !(runOnlyKeys as readonly string[]).includes(r.name)).map((r) => r.name as keyof OptionInput);

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
  const problems: string[] = [];
  const config = loaded?.config ?? {};
  const shown = loaded?.shown ?? 'the config';
  const all = Object.entries(config.targets ?? {});
  const names: OptionNames = { ...flagNames };
  const input: OptionInput = { ...withoutRunOnly(options) };

  // Run-wide values: the option given, else the config's (checked with the options given, by toConformOptions).
  for (const key of runWide) {
    const value = (config as Partial<Record<keyof OptionInput, unknown>>)[key];
    if (input[key] === undefined && value !== undefined) {
      (input as Record<string, unknown>)[key] = value;
      names[key] = `${shown}: ${key}`;
    }
  }

  // Which named targets run.
  const wanted = options.targets ?? [];
  if (wanted.length && !loaded) problems.push(`no config file names targets (${wanted.join(', ')}): \`conform init\` writes one`);
  const unknown = wanted.filter((n) => !all.some(([name]) => name === n));
  if (loaded && unknown.length) problems.push(`${shown} has no target ${unknown.join(', ')}; it has ${all.map(([n]) => n).join(', ') || 'none'}`);
  const requested = options.suites ?? [];
  const selected = all.filter(([name, t]) => wanted.includes(name) || requested.includes(t.suite as SuiteName) || (!wanted.length && !requested.length));
  // The suites named keep their order (as without a config), one without targets in the config running
  // as it would without one; then the suites of the targets selected.
  input.suites = selected.length ? unique([...requested, ...selected.map(([, t]) => t.suite as SuiteName)]) : requested.length ? [...requested] : [...suiteNames];

  // Flags that name one deployment go to the one selected target of their suite.
  const consumed = new Set<keyof OptionInput>();
  const overrideOne = (key: 'baseUrl' | 'apiKey' | 'authUrl' | 'apiBaseUrl', suite: SuiteName): string | undefined => {
    const value = options[key];
    const mine = selected.filter(([, t]) => t.suite === suite);
    if (value === undefined || !mine.length) return undefined;
    consumed.add(key);
    if (mine.length > 1) {
      problems.push(`${flagNames[key]} names one deployment; this run has ${mine.length} ${suite} targets (${mine.map(([n]) => n).join(', ')}): set it in ${shown}, or run one of them`);
      return undefined;
    }
    return value;
  };
  const flag = { baseUrl: overrideOne('baseUrl', 'fetch-service'), apiKey: overrideOne('apiKey', 'fetch-service'), authUrl: overrideOne('authUrl', 'meeting-platform'), apiBaseUrl: overrideOne('apiBaseUrl', 'meeting-platform') };
  for (const key of consumed) delete input[key];

  const targets: TargetOptions = { 'fetch-service': [], 'meeting-platform': [], 'unit-record': [] };
  for (const [name, target] of selected) {
    const key = (k: string) => `${shown}: targets.${name}.${k}`;
    const targetProblems: string[] = [];
    /** A value of the config (or a flag that names one deployment) held to its option's rule; init's placeholders named as such. */
    const check = (k: keyof typeof runOptionTable, value: unknown, named: string) => {
      const problem = typeof value === 'string' && isPlaceholder(value) ? `${named} still holds the placeholder ${value}: fill it in` : valueProblem(runOptionTable[k], named, value);
      if (problem) targetProblems.push(problem);
    };
    /**
     * A value and how a problem names it: the flag's when given, else the target's key, else the config's
     * top level. Each is checked once, where it is given: the target's key here, the others with the
     * run's options (toConformOptions).
     */
    const pick = (k: PerTargetKey, fromTarget: string | number | undefined): [unknown, string] => {
      if (options[k] !== undefined) return [options[k], flagNames[k]];
      if (fromTarget === undefined) return [input[k], names[k]];
      check(k, fromTarget, key(k));
      return [fromTarget, key(k)];
    };
    // What is found before the run names a target's key without the file ("cannot reach targets.staging.baseUrl …").
    const withoutFile = (named: string) => named.replace(`${shown}: `, '');
    const limits = (): ExchangeLimits => {
      const given: Partial<Record<(typeof limitKeys)[number], number>> = {};
      for (const k of limitKeys) {
        const [value] = pick(k, target.suite === 'unit-record' ? undefined : target[k]);
        if (typeof value === 'number') given[k] = value;
      }
      return exchangeLimits(given);
    };
    const variable = (k: string, variableName: string | undefined, fallback: string): string | undefined => {
      const v = variableName ?? fallback;
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) {
        // Never quoted: what is there may be the secret itself.
        targetProblems.push(`${key(k)} takes the name of the variable that holds the secret (such as ${fallback}), not the secret`);
        return undefined;
      }
      const value = env[v];
      if (!value) targetProblems.push(variableName === undefined ? `${shown}: targets.${name} needs $${v} set (or ${k} naming another variable)` : `${key(k)}: $${v} is not set`);
      return value;
    };

    switch (target.suite) {
      case 'fetch-service': {
        const [baseUrl, baseName] = flag.baseUrl !== undefined ? [flag.baseUrl, flagNames.baseUrl] : [target.baseUrl, key('baseUrl')];
        check('baseUrl', baseUrl, baseName);
        const apiKey = flag.apiKey ?? variable('apiKeyEnv', target.apiKeyEnv, runOptionTable.apiKey.variable);
        // Reports name the variable the key is in: --api-key's own ($SVC_API_KEY) when the flag gave it.
        const apiKeyVar = flag.apiKey === undefined && target.apiKeyEnv !== undefined ? target.apiKeyEnv : runOptionTable.apiKey.variable;
        const [originUrl, originName] = pick('originUrl', target.originUrl);
        const [fetchTimeout] = pick('fetchTimeout', target.fetchTimeout);
        const optionNames: TargetOptionNames = { baseUrl: withoutFile(baseName), ...(typeof originUrl === 'string' ? { originUrl: withoutFile(originName) } : {}) };
        targets['fetch-service'].push({
          label: name,
          optionNames,
          baseUrl,
          apiKey: apiKey ?? '',
          apiKeyVar,
          ...(typeof originUrl === 'string' ? { originUrl } : {}),
          fetchTimeoutSeconds: typeof fetchTimeout === 'number' ? fetchTimeout : defaultOf('fetchTimeout'),
          limits: limits(),
        });
        break;
      }
      case 'meeting-platform': {
        const [authUrl, authName] = flag.authUrl !== undefined ? [flag.authUrl, flagNames.authUrl] : [target.authUrl, key('authUrl')];
        const [apiBaseUrl, apiName] = flag.apiBaseUrl !== undefined ? [flag.apiBaseUrl, flagNames.apiBaseUrl] : [target.apiBaseUrl, key('apiBaseUrl')];
        check('authUrl', authUrl, authName);
        check('apiBaseUrl', apiBaseUrl, apiName);
        const clientId = variable('clientIdEnv', target.clientIdEnv, credentialEnv.clientId);
        const clientSecret = variable('clientSecretEnv', target.clientSecretEnv, credentialEnv.clientSecret);
        const accountId = variable('accountIdEnv', target.accountIdEnv, credentialEnv.accountId);
        targets['meeting-platform'].push({
          label: name,
          optionNames: { authUrl: withoutFile(authName), apiBaseUrl: withoutFile(apiName) },
          authUrl,
          apiBaseUrl: apiRoot(apiBaseUrl),
          credentials: { clientId: clientId ?? '', clientSecret: clientSecret ?? '', accountId: accountId ?? '' },
          credentialVars: {
            clientId: target.clientIdEnv ?? credentialEnv.clientId,
            clientSecret: target.clientSecretEnv ?? credentialEnv.clientSecret,
            accountId: target.accountIdEnv ?? credentialEnv.accountId,
          },
          limits: limits(),
        });
        break;
      }
      case 'unit-record': {
        // configProblems made sure there is exactly one of the two.
        const command = (target.validator ?? target.validatorSet ?? '').trim();
        const k = target.validator !== undefined ? 'validator' : 'validatorSet';
        if (isPlaceholder(command)) targetProblems.push(`${key(k)} still holds the placeholder ${command}: fill it in`);
        else if (!command || command.includes('\n')) targetProblems.push(`${key(k)} takes a one-line command`);
        const optionNames = { [k]: withoutFile(key(k)) };
        targets['unit-record'].push(k === 'validator' ? { label: name, optionNames, validator: command } : { label: name, optionNames, validatorSet: command });
        break;
      }
    }
    problems.push(...targetProblems);
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

/** The options a flag or the config's top level sets for every target that takes them. */
type PerTargetKey = 'originUrl' | 'fetchTimeout' | (typeof limitKeys)[number];

/** The report files of a run: the config's (relative to its folder), a format given here replacing the config's. */
export function configuredReports(loaded: LoadedConfig | undefined, given: readonly ReportFile[]): ReportFile[] {
  const fromConfig = (loaded?.config.report ?? []).filter((r) => !given.some((g) => g.format === r.format));
  return [...fromConfig.map((r) => ({ format: r.format, path: resolve(loaded!.dir, r.path) })), ...given];
}

function withoutRunOnly(options: RunOptions): OptionInput {
  return Object.fromEntries(Object.entries(options).filter(([k]) => !(runOnlyKeys as readonly string[]).includes(k))) as OptionInput;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
