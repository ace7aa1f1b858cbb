import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RunReport } from './report.ts';
import { reportRenderers, type ReportFormat } from './reporters/reportRenderers.ts';

/**
 * A report file to write when the run ends (`--report FORMAT=PATH`). `blob` names a folder instead: the
 * run's vitest blob goes there for `conform report merge` (see shardFiles.ts).
 */
export interface ReportFile {
  format: ReportFormat | 'blob';
  /** Relative paths resolve against the current directory; missing folders are created. */
  path: string;
}

/** The report files with absolute paths, their folders created: a bad path fails before the run, not after. */
export function prepareReportFiles(files: readonly ReportFile[] = []): ReportFile[] {
  const resolved = files.map((r) => ({ ...r, path: resolve(r.path) }));
  for (const r of resolved) mkdirSync(r.format === 'blob' ? r.path : dirname(r.path), { recursive: true });
  return resolved;
}

/** Renders the report into every file of a rendered format (blob folders are written by the run itself). */
export async function writeReportFiles(report: RunReport, files: readonly ReportFile[]): Promise<void> {
  for (const r of files) {
    if (r.format === 'blob') continue;
    const render = await reportRenderers[r.format]();
    await writeFile(r.path, render(report));
  }
}
