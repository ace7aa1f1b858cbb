import { readFile } from 'node:fs/promises';
import { parseRunReport } from './parseRunReport.ts';
import type { RunReport } from './RunReport.ts';
import { RunError } from './RunError.ts';

/** A run's JSON report read from `path` (as the user gave it, for the message); a RunError in one line when it cannot be read or is none. */
export async function readRunReport(path: string): Promise<RunReport> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new RunError(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return parseRunReport(text);
  } catch (err) {
    throw new RunError(`${path} ${(err as Error).message}`);
  }
}
