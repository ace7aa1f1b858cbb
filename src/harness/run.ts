import { writeFile } from 'node:fs/promises';
import { assertReachable } from './assertReachable.ts';
import { buildReport } from './buildReport.ts';
import { isLoopbackHost } from './isLoopbackHost.ts';
import { requestBoundsFrom, type RequestBounds } from './requestBounds.ts';
import { prepareReportFiles, writeReportFiles, type ReportFile } from './reportFiles.ts';
import type { CheckResult, RunReport } from './report.ts';
import { couldNotRun, noChecksRan, RunError } from './RunError.ts';
import { isShard, optionsFingerprint, shardFiles, type Shard, type ShardRecord } from './shardFiles.ts';
import { finishSuppressions, loadSuppressions, type SuppressionOptions } from './suppressions/suppressionsFile.ts';
import { isSuiteName, suiteNames, type SuiteName } from './suites.ts';
import { defaultSeed, targetEnv } from './targets.ts';
import { version } from './version.ts';

export type { ReportFile } from './reportFiles.ts';

/**
 * What `conform run` does, without a command line: each option is its flag in camelCase
 * (`--base-url` is `baseUrl`). Adding a flag: a field here and a row in `optionRoutes`.
 */
export interface RunOptions extends SuppressionOptions {
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
  /** Generated requests per operation, valid and mutated each (default 100; 0 turns the generated checks off). */
  fuzzRuns?: number;
  /** Requests per second to each target (default 10 for a deployment not on loopback, none on loopback; 0: none). */
  rateLimit?: number;
  /**
   * Seconds any request waits for an answer's headers (default 30); the fetch service's POSTs wait
   * `fetchTimeout` more, since it may take that long before its 504.
   */
  headersTimeout?: number;
  /** Seconds from an answer's headers to its body's last byte (default 60). */
  bodyTimeout?: number;
  /** MiB of an answer's body read at most, on the wire and once decompressed (default 64). */
  maxBodyMib?: number;
  /** SHOULD failures also fail the run (see exitCodeOf). */
  strict?: boolean;
  /** Only checks whose name contains this text. */
  grep?: string;
  /**
   * Only this part of the suites' files (vitest's sharding), for runs split across machines: give each
   * shard a `blob` report folder and merge them with mergeShards (`conform report merge`).
   */
  shard?: Shard;
  /** Once the options are accepted and the suites are about to start. */
  onStart?: (run: { suites: SuiteName[]; seed: number }) => void;
  /** Each check as it ends. */
  onCheck?: (check: CheckResult) => void;
  /** A long check's progress while it runs ("FS-FUZZ-NO-5XX fetchPage: 120/200 generated requests"). */
  onProgress?: (message: string) => void;
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
  fuzzRuns: { flag: '--fuzz-runs', env: targetEnv.fuzzRuns },
  rateLimit: { flag: '--rate-limit', env: targetEnv.rateLimit },
  headersTimeout: { flag: '--headers-timeout', env: targetEnv.headersTimeout },
  bodyTimeout: { flag: '--body-timeout', env: targetEnv.bodyTimeout },
  maxBodyMib: { flag: '--max-body-mib', env: targetEnv.maxBodyMib },
};

/**
 * Runs conformance suites and returns the report `--report json` writes. Throws a RunError when the
 * run cannot happen (contradictory options, an unreachable target) or cannot finish (a suite that
 * failed to load, no check ran); failed checks are no error: they are in the report (exitCodeOf).
 */
export async function run(options: RunOptions = {}): Promise<RunReport> {
  const suites = selectSuites(options.suites);
  const seed = options.seed ?? defaultSeed;
  const { shard } = options;
  if (shard && !isShard(shard)) {
    throw new RunError(`shard ${shard.index}/${shard.count} is not one: I/N with 1 ≤ I ≤ N`);
  }
  const env = await checkOptions({ ...options, seed }, suites);
  const reports = prepareReportFiles(options.report);
  const suppressions = await loadSuppressions(options);
  const blobs = reports.filter((r) => r.format === 'blob');
  if (blobs.length > 1) throw new RunError('--report blob=DIR takes one folder');
  // An unsharded run's blob is its only shard's, so the merge reads it like any other.
  const part = shard ?? { index: 1, count: 1 };
  const files = blobs[0] ? shardFiles(blobs[0].path, part) : undefined;

  options.onStart?.({ suites, seed });
  const startedAt = new Date();
  const started = performance.now();
  // Loaded here, not at start-up: vitest's Node API costs most of a second, which every other command
  // (and --help) should not pay.
  const { runSuites } = await import('./runSuites.ts');
  const { checks, errors } = await runSuites({
    suites,
    env,
    grep: options.grep,
    shard,
    blobFile: files?.blob,
    serial: rateLimited(options),
    onCheck: suppressions && options.onCheck ? (check) => options.onCheck!(suppressions.accept(check)) : options.onCheck,
    onProgress: options.onProgress,
  });
  let report = buildReport({
    version,
    suites,
    seed,
    strict: Boolean(options.strict),
    startedAt,
    durationMs: performance.now() - started,
    checks,
    // One shard's checks say nothing about which clauses the whole run covers.
    filtered: Boolean(options.grep) || Boolean(shard),
  });
  if (shard) report.shard = shard;
  if (errors.length) report.errors = errors;
  report = await finishSuppressions(report, suppressions);
  if (files) {
    const record: ShardRecord = {
      tool: 'conform',
      version,
      shard: part,
      suites,
      seed,
      strict: report.strict,
      ...(options.grep ? { grep: options.grep } : {}),
      options: optionsFingerprint(env),
      startedAt: report.startedAt,
      durationMs: report.durationMs,
      errors,
    };
    await writeFile(files.record, `${JSON.stringify(record, null, 2)}\n`);
  }
  await writeReportFiles(report, reports);
  if (errors.length) {
    throw couldNotRun(report);
  }
  // A shard may hold no check of a --grep, or no file at all when there are more shards than files.
  if (checks.length === 0 && !shard) {
    throw noChecksRan(report, options.grep);
  }
  return report;
}

/**
 * Whether a rate limit applies to some target. Each test file runs in a worker of its own, each with its
 * own pacing: under a rate limit the files run one after another, so a deployment sees the rate once.
 */
function rateLimited(options: RunOptions): boolean {
  if (options.rateLimit !== undefined) return options.rateLimit > 0;
  return [options.baseUrl, options.authUrl, options.apiBaseUrl].some((url) => url !== undefined && !isLoopbackHost(new URL(url).hostname));
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
  if (options.fuzzRuns !== undefined && !(Number.isSafeInteger(options.fuzzRuns) && options.fuzzRuns >= 0)) {
    throw new RunError(`--fuzz-runs takes a whole number of 0 or more, got ${options.fuzzRuns}`);
  }
  if (options.rateLimit !== undefined && !(Number.isFinite(options.rateLimit) && options.rateLimit >= 0)) {
    throw new RunError(`--rate-limit takes a number of requests per second, 0 or more, got ${options.rateLimit}`);
  }
  for (const key of ['headersTimeout', 'bodyTimeout', 'maxBodyMib'] as const) {
    const value = options[key];
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) throw new RunError(`${optionRoutes[key]!.flag} takes a positive number, got ${value}`);
  }
  if (Boolean(options.authUrl) !== Boolean(options.apiBaseUrl)) {
    throw new RunError('--auth-url and --api-base-url go together: give both to check a meeting platform deployment');
  }
  if (options.baseUrl && !(options.apiKey ?? process.env.SVC_API_KEY)) {
    throw new RunError('--base-url needs an API key: set $SVC_API_KEY or pass --api-key');
  }
  // The bounds the suites will read from the environment, so the preflight is held to the same ones.
  let bounds: RequestBounds;
  try {
    bounds = requestBoundsFrom({ ...process.env, ...env });
  } catch (err) {
    throw new RunError((err as Error).message);
  }
  for (const key of ['baseUrl', 'originUrl', 'authUrl', 'apiBaseUrl'] as const) {
    const url = options[key];
    if (url) await assertReachable(optionRoutes[key]!.flag, url, bounds);
  }
  return env;
}
