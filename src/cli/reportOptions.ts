import { resolve } from 'node:path';
import { Option } from 'commander';
import { exitCodeOf } from '../verdict/runVerdict.ts';
import { presentReport } from '../verdict/presentReport.ts';
import type { ReportFile } from '../verdict/reportFiles.ts';
import { ConsoleReporter } from './ConsoleReporter.ts';
import { isReportFormat, reportFormats } from '../verdict/reporters/reportRenderers.ts';
import type { RunReport } from '../verdict/RunReport.ts';
import { RunError } from '../verdict/RunError.ts';
import { parseShard } from './parseOptions.ts';
import { UsageError } from './UsageError.ts';

/**
 * `--report FORMAT=PATH` (repeatable); with `blob`, `--report blob=DIR` too (conform run). `flag` and
 * `what`: another flag of the same form (`conform mock --client-report`).
 */
export function reportOption(withBlob: boolean, flag = '--report', what = 'also write a report'): Option {
  const blob = withBlob ? '; blob=DIR: the shard\'s blob for conform report merge' : '';
  return new Option(`${flag} <format=path>`, `${what}: ${reportFormats.join(', ')}${blob} (repeatable)`)
    .argParser((value: string, previous: ReportFile[]) => [...previous, parseReportFile(value, withBlob, flag)])
    .default([]);
}

/** One `--report FORMAT=PATH` (`blob=DIR` too with `withBlob`), its path made absolute; `flag` names the flag in the error. */
export function parseReportFile(value: string, withBlob: boolean, flag = '--report'): ReportFile {
  const formats = withBlob ? [...reportFormats, 'blob'] : reportFormats;
  const [, format = '', path = ''] = /^([a-z]+)=(.+)$/.exec(value) ?? [];
  const known = isReportFormat(format) || (withBlob && format === 'blob');
  if (!known) throw new UsageError(`${flag} takes FORMAT=PATH with FORMAT one of ${formats.join(', ')}; got "${value}"`);
  return { format: format as ReportFile['format'], path: resolve(path) };
}

/** `--shard I/N`. */
export function shardOption(): Option {
  return new Option('--shard <i/n>', "run only part I of N of the suites' files (vitest's sharding); with --report blob=DIR, merge the parts with conform report merge").argParser(parseShard);
}

/**
 * Runs a run or a merge and prints it: a line per check as it comes, the summary, the report files
 * written. Returns the exit code docs/verdicts.md gives: 0 every MUST check passed, 1 a check failed, 2 could
 * not run (options refused before anything ran become a usage error).
 */
export async function printOutcome(reports: ReportFile[], produce: (console: ConsoleReporter) => Promise<RunReport>): Promise<number> {
  const console = new ConsoleReporter();
  const written = () => {
    for (const r of reports) process.stdout.write(`wrote ${r.format} ${r.format === 'blob' ? 'files to' : 'report:'} ${r.path}\n`);
  };
  let report: RunReport;
  try {
    report = await produce(console);
  } catch (err) {
    if (!(err instanceof RunError)) throw err;
    // No report: the run never started (bad options, an unreachable target).
    if (!err.report) throw new UsageError(err.message);
    console.summary(presentReport(err.report));
    written();
    if (!err.errors.length) process.stderr.write(`conform: ${err.message}\n`);
    return 2;
  }
  console.summary(presentReport(report));
  written();
  return exitCodeOf(report);
}
