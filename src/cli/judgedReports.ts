import type { ReportFile } from '../verdict/reportFiles.ts';
import type { CheckResult, RunReport } from '../verdict/RunReport.ts';
import { whyUnwritable } from '../files/whyUnwritable.ts';
import { UsageError } from './UsageError.ts';

// The report files of a server that judges the traffic it sees (a mock judging its client, the
// validation proxy judging both sides): checked before it starts, written when it stops.

/** A report file that cannot be written is a usage error before the server starts. */
export async function refuseUnwritable(reports: readonly ReportFile[], flag: string): Promise<void> {
  for (const r of reports) {
    const reason = await whyUnwritable(r.path);
    if (reason) throw new UsageError(`${flag} ${r.format}=${r.path} cannot be written: ${reason}`);
  }
}

/** One line on how some checks went, after `label`: the failed clauses by level, then the counts. */
export function judgedSummary(label: string, checks: readonly CheckResult[]): string {
  const failed = (level: 'MUST' | 'SHOULD') => checks.filter((c) => c.status === 'failed' && c.level === level).map((c) => c.clause);
  const parts = (['MUST', 'SHOULD'] as const).flatMap((level) => {
    const ids = failed(level);
    return ids.length ? [`${ids.length} ${level} clause${ids.length === 1 ? '' : 's'} failed (${ids.join(', ')})`] : [];
  });
  const count = (status: 'passed' | 'skipped') => checks.filter((c) => c.status === status).length;
  return `${label}: ${[...parts, `${count('passed')} passed`, `${count('skipped')} not judged (no traffic exercised them)`].join(', ')}`;
}

/** Writes the report files, a line for each. */
export async function writeJudgedReports(report: RunReport, reports: readonly ReportFile[], what: string, write: (text: string) => void): Promise<void> {
  if (!reports.length) return;
  const { writeReportFiles } = await import('../verdict/reportFiles.ts');
  await writeReportFiles(report, reports);
  for (const r of reports) write(`wrote ${r.format} ${what}: ${r.path}\n`);
}
