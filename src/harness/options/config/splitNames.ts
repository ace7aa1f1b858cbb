import { isSuiteName, suiteNames, type SuiteName } from '../../../catalogue/suites.ts';
import type { LoadedConfig } from './loadConfig.ts';

/**
 * `conform run`'s names, each a suite or a target of the config, told apart: a name that is both, or
 * neither, is a problem in one line.
 */
export function splitNames(names: readonly string[], loaded: LoadedConfig | undefined): { suites: SuiteName[]; targets: string[]; problems: string[] } {
  const targetNames = Object.keys(loaded?.config.targets ?? {});
  const suites: SuiteName[] = [];
  const targets: string[] = [];
  const problems: string[] = [];
  for (const name of names) {
    const isTarget = targetNames.includes(name);
    if (isSuiteName(name) && isTarget) problems.push(`"${name}" is both a suite and a target of ${loaded!.shown}: rename the target`);
    else if (isSuiteName(name)) suites.push(name);
    else if (isTarget) targets.push(name);
    else if (loaded) problems.push(`unknown suite or target "${name}": the suites are ${suiteNames.join(', ')}; ${loaded.shown} names ${targetNames.length ? `the targets ${targetNames.join(', ')}` : 'no targets'}`);
    // Without a config, run() refuses an unknown suite in its own words.
    else suites.push(name as SuiteName);
  }
  return { suites: [...new Set(suites)], targets: [...new Set(targets)], problems };
}
