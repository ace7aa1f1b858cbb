import writeFileAtomic from 'write-file-atomic';
import { buildReport } from '../../verdict/buildReport.ts';
import { loadConfig, type LoadedConfig } from '../options/config/loadConfig.ts';
import type { ConformOptions } from '../options/ConformOptions.ts';
import { rateLimitFor } from '../../exchange/rateLimit.ts';
import { preflight } from './preflight.ts';
import { targetPaces } from './targetPaces.ts';
import { withThrottling } from './withThrottling.ts';
import { RunFarm } from '../targets/RunFarm.ts';
import { Redactor } from '../../exchange/Redactor.ts';
import { runSecrets } from './runSecrets.ts';
import { writeReportFiles } from '../../verdict/reportFiles.ts';
import type { RunReport } from '../../verdict/RunReport.ts';
import { couldNotRun, noChecksRan, RunError } from '../../verdict/RunError.ts';
import type { RunOptions } from '../options/RunOptions.ts';
import { isShard } from '../../verdict/Shard.ts';
import { optionsFingerprint, shardFiles, type ShardRecord } from './shardFiles.ts';
import { finishSuppressions, loadSuppressions } from '../../verdict/suppressions/suppressionsFile.ts';
import { resolveRunOptions } from '../options/resolveRunOptions.ts';
import { version } from '../../exchange/version.ts';

export type { ReportFile } from '../../verdict/reportFiles.ts';
export type { RunOptions } from '../options/RunOptions.ts';

/**
 * Runs conformance suites and returns the report `--report json` writes. Throws a RunError when the
 * run cannot happen, before any check runs, with every problem found, one per line (a config file that
 * cannot be read or has a wrong key, contradictory options, missing credentials, an unreachable
 * target, a validator that cannot run, a report file that cannot be written, a --grep or --shard that
 * selects no check), or cannot finish (a suite that failed to load, no check ran); failed checks are no
 * error: they are in the report (exitCodeOf).
 */
export async function run(options: RunOptions = {}): Promise<RunReport> {
  return runLoaded(options.config === undefined ? undefined : await loadConfig(options.config), options);
}

/**
 * run() with its config already read and checked (loadConfig), or none: the one place a run's config is
 * loaded is before this (runNamed loads it to tell its names apart); `options.config` is not read again.
 */
export async function runLoaded(loaded: LoadedConfig | undefined, options: RunOptions): Promise<RunReport> {
  const { shard } = options;
  const configured = resolveRunOptions(loaded, options, process.env);
  const { options: conform, report: reports } = configured;
  const problems = [...configured.problems];
  if (shard && !isShard(shard)) problems.push(`shard ${shard.index}/${shard.count} is not one: I/N with 1 ≤ I ≤ N`);
  let suppressions: Awaited<ReturnType<typeof loadSuppressions>>;
  try {
    suppressions = await loadSuppressions({ ...options, requireReasons: configured.requireReasons });
  } catch (err) {
    if (!(err instanceof RunError)) throw err;
    problems.push(err.message);
  }
  const blobs = reports.filter((r) => r.format === 'blob');
  if (blobs.length > 1) problems.push('--report blob=DIR takes one folder');
  if (problems.length) throw new RunError(problems.join('\n'));
  const { suites, seed } = conform;
  // The farm of the deployments that name none is the run's, from its preflight to its end.
  // The run's secrets are its options': the targets' keys and credentials, from flags, config and environment
  // alike. One Redactor holds them for the preflight and the suites.
  const secrets = runSecrets(conform);
  const redactor = new Redactor(secrets);
  const runFarm = new RunFarm();
  const { problems: found, latencies } = await preflight(conform, reports, redactor, runFarm.url).catch(async (err: unknown) => {
    await runFarm.close();
    throw err;
  });
  if (found.length) {
    await runFarm.close();
    throw new RunError(found.join('\n'));
  }
  const paces = targetPaces(conform, latencies);
  const lent = await runFarm.lend(conform);
  // The suites hold the concurrency the pace line says: --concurrency, or the one the measured latency calls for.
  const judged = paces.length && lent.concurrency === undefined ? { ...lent, concurrency: paces[0]!.concurrency } : lent;
  // An unsharded run's blob is its only shard's, so the merge reads it like any other.
  const part = shard ?? { index: 1, count: 1 };
  const files = blobs[0] ? shardFiles(blobs[0].path, part) : undefined;

  const startedAt = new Date();
  const started = performance.now();
  // Loaded here, not at start-up: vitest's Node API costs most of a second, which every other command
  // (and --help) should not pay.
  const { runSuites } = await import('./runSuites.ts');
  const { checks, errors, targets } = await runSuites({
    options: judged,
    redactor,
    grep: options.grep,
    shard,
    blobFile: files?.blob,
    serial: rateLimited(conform),
    onReady: () => options.onStart?.({ suites, seed, targets: configured.configTargets, paces }),
    onCheck: suppressions && options.onCheck ? (check, selected) => options.onCheck!(suppressions!.accept(check), selected) : options.onCheck,
    onProgress: options.onProgress,
    onPlan: options.onPlan,
  }).finally(() => runFarm.close());
  let report = buildReport({
    version,
    suites,
    seed,
    strict: configured.strict,
    startedAt,
    durationMs: performance.now() - started,
    checks,
    // One shard's checks say nothing about which clauses the whole run covers.
    filtered: Boolean(options.grep) || Boolean(shard),
    ...(targets ? { targetOrder: targets } : {}),
  });
  if (shard) report.shard = shard;
  if (paces.length) report.pace = withThrottling(paces, checks);
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
      options: optionsFingerprint(conform),
      secretVariables: [...new Set(secrets.map(([, variable]) => variable))],
      startedAt: report.startedAt,
      durationMs: report.durationMs,
      errors,
    };
    await writeFileAtomic(files.record, `${JSON.stringify(record, null, 2)}\n`);
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
 * Whether a rate limit applies to some target. The suite files share workers, several at once, and each
 * file paces its own requests: under a rate limit the files run one after another, so a deployment sees
 * the rate once.
 */
function rateLimited(options: ConformOptions): boolean {
  const given = [...options.targets['fetch-service'].map((t) => [t.baseUrl, t.limits] as const), ...options.targets['meeting-platform'].flatMap((t) => [[t.authUrl, t.limits], [t.apiBaseUrl, t.limits]] as const)];
  // Embedded targets listen on loopback, where only a rate given outright applies.
  return (options.limits.rateLimit ?? 0) > 0 || given.some(([url, limits]) => rateLimitFor(url, limits.rateLimit) !== Infinity);
}
