import { readFile, stat } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { MockStartError } from '../MockStartError.ts';
import { checkMeetingData } from './checkMeetingData.ts';
import type { MeetingPlatformSeed } from './seedTypes.ts';

/** A data file past this is refused before it is read: 100,000 meetings fit well within it. */
export const maxDataFileBytes = 256 * 1024 * 1024;

/**
 * The data of `--data FILE` (JSON, or YAML for .yaml/.yml), checked (checkMeetingData) for `accountId`.
 * A MockStartError in one line naming the option, the file and the first field at fault.
 */
export async function loadMeetingDataFile(file: string, accountId: string, option = '--data'): Promise<MeetingPlatformSeed> {
  const fail = (why: string) => new MockStartError(`${option} ${file}: ${why}`);
  let text: string;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw fail('is not a file');
    if (info.size > maxDataFileBytes) throw fail(`is ${info.size} bytes; the mock reads at most ${maxDataFileBytes}`);
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (err instanceof MockStartError) throw err;
    throw fail(`cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let value: unknown;
  try {
    value = /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  } catch (err) {
    throw fail(`is not ${/\.ya?ml$/i.test(file) ? 'YAML' : 'JSON'}: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`);
  }
  const checked = checkMeetingData(value, accountId);
  if (!checked.ok) {
    const first = checked.problems[0]!;
    const more = checked.problems.length > 1 ? ` (and ${checked.problems.length - 1} problem(s) more)` : '';
    throw fail(`${first.field}: ${first.message}${more}`);
  }
  return checked.data;
}
