import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RunError } from '../../../verdict/RunError.ts';
import { configProblems } from './configProblems.ts';
import type { ConformConfig } from './configSchema.ts';
import { shownPath } from './shownPath.ts';
import { whyConfigFailed } from './whyConfigFailed.ts';

/** The names a config file may have, in the order they are looked for in each folder. */
export const configFileNames = ['conform.config.ts', 'conform.config.mts', 'conform.config.js', 'conform.config.mjs', 'conform.config.json'] as const;

/** A config read and checked: its content, and how messages name it. */
export interface LoadedConfig {
  config: ConformConfig;
  /** How messages name the file: its path relative to the working directory, or "the config" for one given as an object. */
  shown: string;
  /** The folder relative report paths resolve against: the file's, or the working directory. */
  dir: string;
}

/** The nearest config file: in `from`, else in the folders above it; undefined when none has one. */
export function findConfigFile(from: string = process.cwd()): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    for (const name of configFileNames) {
      const file = join(dir, name);
      if (existsSync(file) && statSync(file).isFile()) return file;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * A config file read (JSON parsed, a module imported: a `.ts` one through Node's type stripping) and
 * checked against the schema, or a config given as an object checked the same way. Throws a RunError
 * with a line per problem, each naming the file and the key path; the file's own error, when it cannot
 * be read or throws, in one line with its line and column (whyConfigFailed).
 */
export async function loadConfig(source: string | ConformConfig, cwd: string = process.cwd()): Promise<LoadedConfig> {
  if (typeof source !== 'string') return checked(source, 'the config', cwd);
  const file = resolve(cwd, source);
  const shown = shownPath(file, cwd);
  if (!existsSync(file)) throw new RunError(`${shown}: no such config file`);
  let content: unknown;
  try {
    content = file.endsWith('.json') ? JSON.parse(await readFile(file, 'utf8')) : await importDefault(file, shown);
  } catch (err) {
    if (err instanceof RunError) throw err;
    throw new RunError(await whyConfigFailed(file, shown, err));
  }
  return checked(content, shown, dirname(file));
}

async function importDefault(file: string, shown: string): Promise<unknown> {
  const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  if (!('default' in module)) throw new RunError(`${shown} has no default export: end it with \`export default defineConfig({ ... })\``);
  return await module.default;
}

function checked(content: unknown, shown: string, dir: string): LoadedConfig {
  const problems = configProblems(content);
  if (problems.length) throw new RunError(problems.map((p) => `${shown}: ${p}`).join('\n'));
  return { config: content as ConformConfig, shown, dir };
}

