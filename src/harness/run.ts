import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { assertReachable } from './assertReachable.ts';
import { buildReport } from './buildReport.ts';
import type { CheckResult, RunReport } from './report.ts';
import { reportRenderers, type ReportFormat } from './reporters/reportRenderers.ts';
import { RunError } from './RunError.ts';
import { isSuiteName, suiteNames, type SuiteName } from './suites.ts';
import { defaultSeed, targetEnv } from './targets.ts';
import { version } from './version.ts';

/** A report file to write when the run ends (`--report FORMAT=PATH`). */
export interface ReportFile {
  format: ReportFormat;
  /** Relative paths resolve against the current directory; missing folders are created. */
  path: string;
}

/**
 * What `conform run` does, without a command line: each option is its flag in camelCase
 * (`--base-url` is `baseUrl`). Adding a flag: a field here and a row in `optionRoutes`.
 */
export interface RunOptions {
  /** Default: every suite. */
  suites?: SuiteName[];
  /** fetch-service: the deployment to check; default the embedded reference and mock. */
  baseUrl?: string;
  /** fetch-service: default $SVC_API_KEY. */
  apiKey?: string;
  /** fetch-service: a reachable origin farm; default one started on loopback. */
  originUrl?: string;
  /** fetch-service: the timeout the target enforces, in seconds (default 60). */
  fetchTimeout?: number;
  /** meeting-platform: with `apiBaseUrl`, a deployment; credentials from $MEETING_CLIENT_ID, ... */
  authUrl?: string;
  apiBaseUrl?: string;
  /** unit-record: commands run with a record file's path appended, side by side. */
  validator?: string[];
  /** unit-record: commands run with the path of a JSON array of records (one page) appended: exit 0 a tree, 1 not. */
  validatorSet?: string[];
  report?: ReportFile[];
  /** Default 7. */
  seed?: number;
  /** SHOULD failures also fail the run (see exitCodeOf). */
  strict?: boolean;
  /** Only checks whose name contains this text. */
  grep?: string;
  /** Once the options are accepted and the suites are about to start. */
  onStart?: (run: { suites: SuiteName[]; seed: number }) => void;
  /** Each check as it ends. */
  onCheck?: (check: CheckResult) => void;
}

interface OptionRoute {
  flag: string;
  /** The environment variable that carries the option to the global setup and the suites (targets.ts). */
  env: string;
  /** The suite the option belongs to: giving it for a run without that suite is a mistake. */
  suite?: SuiteName;
}

const optionRoutes: { [K in keyof RunOptions]?: OptionRoute } = {
  baseUrl: { flag: '--base-url', env: targetEnv.fetchBaseUrl, suite: 'fetch-service' },
  // No suite: the key also comes from the environment, where it is no statement about the suites chosen.
  apiKey: { flag: '--api-key', env: 'SVC_API_KEY' },
  originUrl: { flag: '--origin-url', env: targetEnv.originUrl, suite: 'fetch-service' },
  fetchTimeout: { flag: '--fetch-timeout', env: targetEnv.fetchTimeout },
  authUrl: { flag: '--auth-url', env: targetEnv.meetingAuthUrl, suite: 'meeting-platform' },
  apiBaseUrl: { flag: '--api-base-url', env: targetEnv.meetingApiBaseUrl, suite: 'meeting-platform' },
  validator: { flag: '--validator', env: targetEnv.validator, suite: 'unit-record' },
  validatorSet: { flag: '--validator-set', env: targetEnv.validatorSet, suite: 'unit-record' },
  seed: { flag: '--seed', env: targetEnv.seed },
};

/**
 * Runs conformance suites and returns the report `--report json` writes. Throws a RunError when the
 * run cannot happen (contradictory options, an unreachable target) or cannot finish (a suite that
 * failed to load, no check ran); failed checks are no error: they are in the report (exitCodeOf).
 */
export async function run(options: RunOptions = {}): Promise<RunReport> {
  const suites = selectSuites(options.suites);
  const seed = options.seed ?? defaultSeed;
  const env = await checkOptions({ ...options, seed }, suites);
  const reports = (options.report ?? []).map((r) => ({ ...r, path: resolve(r.path) }));
  for (const r of reports) mkdirSync(dirname(r.path), { recursive: true });

  options.onStart?.({ suites, seed });
  const startedAt = new Date();
  const started = performance.now();
  // Loaded here, not at start-up: vitest's Node API costs most of a second, which every other command
  // (and --help) should not pay.
  const { runSuites } = await import('./runSuites.ts');
  const { checks, errors } = await runSuites({ suites, env, grep: options.grep, onCheck: options.onCheck });
  const report = buildReport({
    version,
    suites,
    seed,
    strict: Boolean(options.strict),
    startedAt,
    durationMs: performance.now() - started,
    checks,
    filtered: Boolean(options.grep),
  });
  for (const r of reports) {
    const render = await reportRenderers[r.format]();
    await writeFile(r.path, render(report));
  }
  if (errors.length) {
    throw new RunError(`could not run: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`, { report, errors });
  }
  if (checks.length === 0) {
    throw new RunError(options.grep ? `no check matches --grep "${options.grep}"` : 'no checks ran', { report });
  }
  return report;
}

function selectSuites(requested: readonly string[] | undefined): SuiteName[] {
  if (!requested?.length) return [...suiteNames];
  const unknown = requested.filter((s) => !isSuiteName(s));
  if (unknown.length) throw new RunError(`unknown suite ${unknown.join(', ')}; choose from ${suiteNames.join(', ')}`);
  return [...new Set(requested as SuiteName[])];
}

/** Refuses options that contradict each other or name unreachable targets; returns the suites' environment. */
async function checkOptions(options: RunOptions, suites: SuiteName[]): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const [key, route] of Object.entries(optionRoutes) as Array<[keyof RunOptions, OptionRoute]>) {
    const value = options[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (route.suite && !suites.includes(route.suite)) {
      throw new RunError(`${route.flag} applies to the ${route.suite} suite, which this run does not include`);
    }
    // Several values (validators) travel one per line, each a target of its own.
    const values = Array.isArray(value) ? [...new Set((value as unknown[]).map(String))] : [String(value)];
    if (Array.isArray(value) && values.some((v) => v.includes('\n'))) throw new RunError(`${route.flag} takes a one-line command`);
    env[route.env] = values.join('\n');
  }
  if (Boolean(options.authUrl) !== Boolean(options.apiBaseUrl)) {
    throw new RunError('--auth-url and --api-base-url go together: give both to check a meeting platform deployment');
  }
  if (options.baseUrl && !(options.apiKey ?? process.env.SVC_API_KEY)) {
    throw new RunError('--base-url needs an API key: set $SVC_API_KEY or pass --api-key');
  }
  for (const key of ['baseUrl', 'originUrl', 'authUrl', 'apiBaseUrl'] as const) {
    const url = options[key];
    if (url) await assertReachable(optionRoutes[key]!.flag, url);
  }
  return env;
}
