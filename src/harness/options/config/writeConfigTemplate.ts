import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { errnoWords, FolderError, makeFolder } from '../../../files/makeFolder.ts';
import { RunError } from '../../../verdict/RunError.ts';
import type { SuiteName } from '../../../catalogue/suites.ts';
import { configTemplate, type ConfigTemplate } from './configTemplate.ts';
import { shownPath } from './shownPath.ts';

/** What writeConfigTemplate wrote. */
export interface ConfigTemplateWritten {
  /** The file, as messages name it: relative to the working directory when at or below it, else absolute. */
  shown: string;
  /** What its user must fill in before `conform run` takes it. */
  fillIn: ConfigTemplate['fillIn'];
}

/**
 * `conform init`: the commented config for `suites` (configTemplate) written to `file`, a .ts or .mts
 * file, never over one that exists, its folder made when missing. A RunError in one line when the file is not TypeScript, exists
 * already, or cannot be written.
 */
export async function writeConfigTemplate(file: string, suites?: readonly SuiteName[]): Promise<ConfigTemplateWritten> {
  const path = resolve(file);
  const shown = shownPath(path, process.cwd());
  if (!/\.m?ts$/.test(path)) throw new RunError(`${shown}: conform init writes TypeScript, a .ts or .mts file (a .json config holds the same keys, without the comments)`);
  if (existsSync(path)) throw new RunError(`${shown} exists already: conform init leaves it as it is`);
  const { text, fillIn } = configTemplate(suites);
  try {
    await makeFolder(dirname(path));
    await writeFile(path, text, { flag: 'wx' });
  } catch (err) {
    throw new RunError(`${shown} cannot be written: ${err instanceof FolderError ? err.message : errnoWords(err as Error)}`);
  }
  return { shown, fillIn };
}
