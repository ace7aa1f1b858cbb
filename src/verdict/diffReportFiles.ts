import { dirname } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { errnoWords, FolderError, makeFolder } from '../files/makeFolder.ts';
import type { DiffFile } from './DiffFile.ts';
import { readRunReport } from './readRunReport.ts';
import { diffReports, type ReportDiff } from './diffReports.ts';
import { renderDiffMarkdown } from './reporters/renderDiffMarkdown.ts';
import { RunError } from './RunError.ts';

export interface DiffReportFilesOptions {
  /** Also write the diff to these: Markdown (renderDiffMarkdown) or JSON (the ReportDiff). */
  files?: readonly DiffFile[];
  /** The diff, once made and before any file is written: e.g. to print it. */
  onDiff?: (diff: ReportDiff) => void;
  /** Each file, once written. */
  onWritten?: (file: DiffFile) => void;
}

/**
 * What changed between the runs whose JSON reports are at `before` and `after` (diffReports), written
 * to every file asked for, each whole or not at all. A RunError in one line when a report cannot be read
 * or is none, the two ran different suites, or a file cannot be written.
 */
export async function diffReportFiles(before: string, after: string, options: DiffReportFilesOptions = {}): Promise<ReportDiff> {
  const diff = diffReports(await readRunReport(before), await readRunReport(after));
  options.onDiff?.(diff);
  for (const file of options.files ?? []) {
    try {
      await makeFolder(dirname(file.path));
      await writeFileAtomic(file.path, file.format === 'markdown' ? renderDiffMarkdown(diff, { before, after }) : `${JSON.stringify(diff, null, 2)}\n`);
    } catch (err) {
      throw new RunError(`${file.flag ?? `--report ${file.format}=`}${file.path} cannot be written: ${err instanceof FolderError ? err.message : errnoWords(err as Error)}`);
    }
    options.onWritten?.(file);
  }
  return diff;
}
