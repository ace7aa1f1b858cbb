import { resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { whyUnwritable as whyFileUnwritable } from '../files/whyUnwritable.ts';
import { presentReport } from './presentReport.ts';
import type { RunReport } from './RunReport.ts';
import { reportRenderers, type ReportFormat } from './reporters/reportRenderers.ts';
import { RunError } from './RunError.ts';

/**
 * A report file to write when the run ends (`--report FORMAT=PATH`). `blob` names a folder instead: the
 * run's vitest blob goes there for `conform report merge` (see shardFiles.ts).
 */
export interface ReportFile {
  format: ReportFormat | 'blob';
  /** Relative paths resolve against the current directory; missing folders are created. */
  path: string;
}

/** The report files with absolute paths (against the current directory). */
export function resolveReportFiles(files: readonly ReportFile[] = []): ReportFile[] {
  return files.map((r) => ({ ...r, path: resolve(r.path) }));
}

/**
 * The report files with absolute paths, their folders made: a RunError naming each one that cannot be
 * written (whyUnwritable), one line each, before anything runs.
 */
export async function prepareReportFiles(files: readonly ReportFile[] = []): Promise<ReportFile[]> {
  const resolved = resolveReportFiles(files);
  const problems = (await Promise.all(resolved.map(whyUnwritable))).filter((p): p is string => p !== undefined);
  if (problems.length) throw new RunError(problems.join('\n'));
  return resolved;
}

/**
 * Why a report file could not be written at the end of the run, found before it starts (the folder is
 * made then: see whyFileUnwritable), in one line naming the flag; undefined when it can be written.
 */
export async function whyUnwritable(file: ReportFile): Promise<string | undefined> {
  const path = resolve(file.path);
  const reason = await whyFileUnwritable(path, { folder: file.format === 'blob' });
  return reason === undefined ? undefined : `--report ${file.format}=${path} cannot be written: ${reason}`;
}

/**
 * Renders the report into every file of a rendered format (blob folders are written by the run itself),
 * each from the one presentation of it. Each file is written whole or not at all (a temporary file renamed into place): a run stopped while
 * writing leaves the previous report, never half of one that CI would then fail to parse.
 */
export async function writeReportFiles(report: RunReport, files: readonly ReportFile[]): Promise<void> {
  const view = presentReport(report);
  for (const r of files) {
    if (r.format === 'blob') continue;
    const render = await reportRenderers[r.format]();
    await writeFileAtomic(r.path, render(view));
  }
}
