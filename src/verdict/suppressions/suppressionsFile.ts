import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { dirname, resolve } from 'node:path';
import { errnoWords, FolderError, makeFolder } from '../../files/makeFolder.ts';
import { whyUnwritable } from '../../files/whyUnwritable.ts';
import type { CheckResult, RunReport } from '../RunReport.ts';
import { RunError } from '../RunError.ts';
import { acceptCheck, applySuppressions, entriesByKey, settleSuppressions } from './applySuppressions.ts';
import { formatSuppressions, parseSuppressions, SuppressionsError, type SuppressionEntry } from './SuppressionEntry.ts';

/**
 * Whether entries without a reason fail a run that was not told (--require-reasons, --no-require-reasons,
 * the config's requireReasons): in CI (the CI variable set, as every CI service sets it, and not "false"
 * or "0"), where a baseline lands for good; not on a person's machine, where `--suppress` writes the
 * entries whose reasons they are about to write.
 */
export function reasonsRequiredByDefault(env: Record<string, string | undefined>): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return Boolean(ci) && ci !== 'false' && ci !== '0';
}

/** Where a run looks for accepted failures when not told: the working directory. */
export const defaultSuppressionsFile = 'conform-suppressions.json';

/** run()'s options for accepted failures (`--suppress`, `--prune`, `--suppressions PATH`). */
export interface SuppressionOptions {
  /** Write every current failure (MUST; SHOULD too under `strict`) into the suppressions file, each with a reason to fill in. */
  suppress?: boolean;
  /** Drop the file's entries whose check ran and no longer fails for their cause (adds none). */
  prune?: boolean;
  /** The suppressions file; default conform-suppressions.json in the working directory, read when it exists. */
  suppressions?: string;
  /**
   * Entries whose reason is still empty or the placeholder fail the run (exit 1), rather than a warning
   * line (`--require-reasons`; default: on when $CI is set, reasonsRequiredByDefault).
   */
  requireReasons?: boolean;
}

/** A run's suppressions file, read before the run starts. */
export interface RunSuppressions {
  /** As the user named it: what reports show. */
  file: string;
  path: string;
  exists: boolean;
  entries: SuppressionEntry[];
  options: SuppressionOptions;
  /** Each check with the file's say on it, as it ends (the console's line per check). */
  accept(check: CheckResult): CheckResult;
}

/**
 * Reads the suppressions file before the run, so a malformed one stops the run before any check (a
 * RunError: exit 2, in one line). Undefined when there is none to read or write: no file at the default
 * place and no --suppress. A file named with --suppressions must exist unless --suppress is to write it;
 * --prune needs one. With either, the file must be one that can be written (its folder made now).
 */
export async function loadSuppressions(options: SuppressionOptions): Promise<RunSuppressions | undefined> {
  const file = options.suppressions ?? defaultSuppressionsFile;
  const path = resolve(file);
  let text: string | undefined;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw new RunError(`cannot read the suppressions file ${file}: ${code ?? (err as Error).message}`);
  }
  if (text === undefined) {
    if (options.prune) throw new RunError(`--prune: there is no suppressions file ${file} to prune`);
    if (options.suppressions !== undefined && !options.suppress) throw new RunError(`--suppressions ${file}: no such file (conform run --suppress writes it)`);
    if (!options.suppress) return undefined;
  }
  let entries: SuppressionEntry[] = [];
  try {
    if (text !== undefined) entries = parseSuppressions(text);
  } catch (err) {
    if (err instanceof SuppressionsError) throw new RunError(`the suppressions file ${file} ${err.message}`);
    throw err;
  }
  if (options.suppress || options.prune) {
    // Found now, not when the run has ended: a file --suppress or --prune could not write.
    const reason = await whyUnwritable(path);
    if (reason) throw new RunError(`${options.suppressions === undefined ? 'the suppressions file' : '--suppressions'} ${file} cannot be written: ${reason}`);
  }
  const byKey = entriesByKey(entries);
  const today = new Date().toISOString().slice(0, 10);
  return { file, path, exists: text !== undefined, entries, options, accept: (check) => acceptCheck(check, byKey, today) };
}

/**
 * The report with the file's entries applied, after --suppress and --prune changed them; the file
 * rewritten when they did (or created by --suppress). A run that could not run changes no file: what did
 * not run says nothing about what fails.
 */
export async function finishSuppressions(report: RunReport, loaded: RunSuppressions | undefined): Promise<RunReport> {
  if (!loaded) return report;
  if (report.errors?.length) return applySuppressions(report, loaded.entries, loaded.file, loaded.options);
  const settled = settleSuppressions(report, loaded.entries, loaded.file, loaded.options);
  const text = formatSuppressions(settled.entries);
  const changed = !loaded.exists || text !== formatSuppressions(loaded.entries);
  if ((loaded.options.suppress || loaded.options.prune) && changed) {
    try {
      await makeFolder(dirname(loaded.path));
      await writeFileAtomic(loaded.path, text);
    } catch (err) {
      throw new RunError(`cannot write the suppressions file ${loaded.file}: ${err instanceof FolderError ? err.message : errnoWords(err as Error)}`);
    }
  }
  return settled.report;
}
