import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { credentialEnv } from '../../meeting-platform/core/meetingCredentials.ts';
import { buildReport } from '../../verdict/buildReport.ts';
import { Redactor } from '../../exchange/Redactor.ts';
import type { CheckResult, RunReport } from '../../verdict/RunReport.ts';
import { prepareReportFiles, writeReportFiles, type ReportFile } from '../../verdict/reportFiles.ts';
import { couldNotRun, noChecksRan, RunError } from '../../verdict/RunError.ts';
import { blobName, shardFilePattern, shardFiles, type ShardRecord } from './shardFiles.ts';
import { isSuiteName } from '../../catalogue/suites.ts';
import { finishSuppressions, loadSuppressions, reasonsRequiredByDefault, type SuppressionOptions } from '../../verdict/suppressions/suppressionsFile.ts';

/** `suppressions`: the file whose entries the merged report applies, as each run does (never written by a merge). */
export interface MergeOptions extends Pick<SuppressionOptions, 'suppressions' | 'requireReasons'> {
  /** The folder the shards' `--report blob=DIR` wrote into (all of them, e.g. a CI's downloaded artifacts). */
  dir: string;
  report?: ReportFile[];
  /** Each check of the merged run, as it is read. */
  onCheck?: (check: CheckResult, selected: boolean) => void;
}

/**
 * One conformance report from the blobs of a run split across machines (`conform run --shard I/N
 * --report blob=DIR`): the checks as vitest's merge-reports replays them, the clause table and the
 * clauses no check covered, as the unsharded run reports them. Throws a RunError when the folder does
 * not hold every shard of one run, or when a shard could not run.
 */
export async function mergeShards(options: MergeOptions): Promise<RunReport> {
  const dir = resolve(options.dir);
  if (options.report?.some((r) => r.format === 'blob')) throw new RunError('a merge writes reports, not blobs: --report json|junit|html|markdown=PATH');
  // The flags first: a report that cannot be written is said whatever the folder of shards holds.
  const reports = await prepareReportFiles(options.report);
  const records = await readShardRecords(dir);
  const first = records[0]!;
  const suppressions = await loadSuppressions({ suppressions: options.suppressions, requireReasons: options.requireReasons ?? reasonsRequiredByDefault(process.env) });

  const redactor = mergeRedactor(records, process.env);
  // vitest reads every file of the folder it merges as a blob: it gets a folder of the blobs alone.
  const blobDir = await mkdtemp(join(tmpdir(), 'conform-merge-'));
  let merged: { checks: CheckResult[]; errors: string[] };
  try {
    for (const r of records) {
      const { blob } = shardFiles(dir, r.shard);
      await copyFile(blob, join(blobDir, blobName(r.shard)));
    }
    const { mergeBlobs } = await import('./runSuites.ts');
    merged = await mergeBlobs(blobDir, redactor, options.onCheck && suppressions ? (check, selected) => options.onCheck!(suppressions.accept(check), selected) : options.onCheck);
  } finally {
    await rm(blobDir, { recursive: true, force: true });
  }

  const starts = records.map((r) => Date.parse(r.startedAt));
  const ends = records.map((r, i) => starts[i]! + r.durationMs);
  let report = buildReport({
    version: first.version,
    suites: first.suites,
    seed: first.seed,
    strict: first.strict,
    startedAt: new Date(Math.min(...starts)),
    // The run's span on the wall clock, from the first shard's start to the last one's end.
    durationMs: Math.max(...ends) - Math.min(...starts),
    checks: merged.checks,
    filtered: first.grep !== undefined,
  });
  // What kept checks from running in a shard is in that shard's blob too: each error once.
  const errors = [...new Set([...records.flatMap((r) => r.errors), ...merged.errors])];
  if (errors.length) report.errors = errors;
  report = await finishSuppressions(report, suppressions);
  await writeReportFiles(report, reports);
  if (errors.length) throw couldNotRun(report);
  if (!merged.checks.length) throw noChecksRan(report, first.grep);
  return report;
}

/**
 * A merge has no run options to take secrets from: the shards' checks took out what they knew where they
 * ran, and the merge the secrets `env` holds in the variables the shards read them from (a config's
 * apiKeyEnv, ...) and in their usual ones.
 */
export function mergeRedactor(records: readonly Pick<ShardRecord, 'secretVariables'>[], env: Record<string, string | undefined>): Redactor {
  const variables = new Set(['SVC_API_KEY', credentialEnv.clientSecret, ...records.flatMap((r) => r.secretVariables ?? [])]);
  return new Redactor([...variables].map((v) => [env[v], v] as const));
}

/** Every shard's record, in shard order, after checking that they are all the shards of one run. */
async function readShardRecords(dir: string): Promise<ShardRecord[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    throw new RunError(`cannot read ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  const hint = 'expected the files of `conform run --shard I/N --report blob=DIR` (blob-I-N.json and conform-I-N.json of every shard)';
  const recordNames = names.filter((n) => shardFilePattern.exec(n)?.[1] === 'conform');
  if (!recordNames.length) throw new RunError(`no shard in ${dir}: ${hint}`);
  const records: ShardRecord[] = [];
  for (const name of recordNames) {
    let record: ShardRecord;
    try {
      record = JSON.parse(await readFile(join(dir, name), 'utf8')) as ShardRecord;
    } catch {
      throw new RunError(`${join(dir, name)} is not a shard record: ${hint}`);
    }
    if (record.tool !== 'conform' || !record.shard || !Array.isArray(record.suites) || !record.suites.every(isSuiteName)) {
      throw new RunError(`${join(dir, name)} is not a shard record: ${hint}`);
    }
    const blob = blobName(record.shard);
    if (!names.includes(blob)) throw new RunError(`shard ${record.shard.index}/${record.shard.count} has no ${blob} in ${dir}`);
    records.push(record);
  }
  records.sort((a, b) => a.shard.index - b.shard.index);
  const first = records[0]!;
  const sameRun = (r: ShardRecord) =>
    r.shard.count === first.shard.count &&
    r.version === first.version &&
    r.seed === first.seed &&
    r.strict === first.strict &&
    r.grep === first.grep &&
    r.options === first.options &&
    r.suites.join(',') === first.suites.join(',');
  const other = records.find((r) => !sameRun(r));
  if (other) {
    const describe = (r: ShardRecord) =>
      `shard ${r.shard.index}/${r.shard.count} (conform ${r.version}, ${r.suites.join(' ')}, seed ${r.seed}${r.strict ? ', strict' : ''}${r.grep !== undefined ? `, --grep ${r.grep}` : ''}, options ${r.options})`;
    throw new RunError(`${dir} holds shards of different runs: ${describe(first)} and ${describe(other)}`);
  }
  const missing = Array.from({ length: first.shard.count }, (_, i) => i + 1).filter((i) => !records.some((r) => r.shard.index === i));
  if (missing.length) throw new RunError(`${dir} lacks shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${first.shard.count}`).join(', ')}: a merge needs every shard of the run`);
  return records;
}
