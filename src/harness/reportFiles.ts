import { mkdirSync } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
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

/** The report files with absolute paths (against the current directory). */
export function resolveReportFiles(files: readonly ReportFile[] = []): ReportFile[] {
  return files.map((r) => ({ ...r, path: resolve(r.path) }));
}

/** The report files with absolute paths, their folders created: a bad path fails before the run, not after. */
export function prepareReportFiles(files: readonly ReportFile[] = []): ReportFile[] {
  const resolved = resolveReportFiles(files);
  for (const r of resolved) mkdirSync(r.format === 'blob' ? r.path : dirname(r.path), { recursive: true });
  return resolved;
}

/** Probe files of this process made so far: each probe's name is its own, even when probes run at once. */
let probeCount = 0;

/**
 * Why a report file could not be written at the end of the run, found before it starts: its folder
 * cannot be made, the path is a folder, or no file can be made in its folder. A report is written as a
 * new file renamed into place (writeReportFiles), so what it needs is a folder it can make files in:
 * that is what a probe file beside it tries. The probe never takes the report's own name, so a run
 * stopped meanwhile leaves no empty report behind, and no file that was there is changed. Undefined
 * when it can be written.
 */
export async function whyUnwritable(file: ReportFile): Promise<string | undefined> {
  const path = resolve(file.path);
  const folder = file.format === 'blob' ? path : dirname(path);
  const probe = join(folder, `.conform-probe-${process.pid}-${probeCount++}`);
  try {
    await mkdir(folder, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
      // mkdir says EEXIST when a part of the path is a file: the trouble is a file where a folder is due.
      throw err.code === 'EEXIST' ? Object.assign(new Error('ENOTDIR: not a directory'), { code: 'ENOTDIR' }) : err;
    });
    if (file.format !== 'blob' && (await stat(path).then((s) => s.isDirectory(), () => false))) {
      throw Object.assign(new Error('EISDIR: is a directory'), { code: 'EISDIR' });
    }
    await (await open(probe, 'wx')).close();
    await rm(probe, { force: true });
    return undefined;
  } catch (err) {
    // "ENOENT: no such file or directory, open '/proc/x.html'": the code and its words; the path is ours to say.
    const reason = err instanceof Error ? err.message.split(', ')[0] : String(err);
    return `--report ${file.format}=${path} cannot be written: ${reason}`;
  }
}

/**
 * Renders the report into every file of a rendered format (blob folders are written by the run itself).
 * Each file is written whole or not at all (a temporary file renamed into place): a run stopped while
 * writing leaves the previous report, never half of one that CI would then fail to parse.
 */
export async function writeReportFiles(report: RunReport, files: readonly ReportFile[]): Promise<void> {
  for (const r of files) {
    if (r.format === 'blob') continue;
    const render = await reportRenderers[r.format]();
    await writeFileAtomic(r.path, render(report));
  }
}
