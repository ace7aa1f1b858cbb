// A run's suite files share one worker, one file after another (conformanceConfig.ts: isolate: false):
// a module they import is loaded once per worker, not once per file. What the checks of one file share
// with each other (a platform session, an exchange log, a probe's answer) must still be that file's
// alone, as it was when each file had a process of its own: it lives here, and the per-file setup
// (run/suiteSetup.ts) calls startSuiteFile() before each file.

const maps: Array<Map<unknown, unknown>> = [];
let endings: Array<() => void> = [];

/** A Map for what the checks of one suite file share: empty again when the next file starts. */
export function suiteFileMap<K, V>(): Map<K, V> {
  const map = new Map<K, V>();
  maps.push(map as Map<unknown, unknown>);
  return map;
}

/** Calls `stop` when the file that is running ends (an observer of its exchanges, say), before the next starts. */
export function whenSuiteFileEnds(stop: () => void): void {
  endings.push(stop);
}

/** Ends the file before (its observers stopped, its maps emptied): the next file starts from nothing. */
export function startSuiteFile(): void {
  const stops = endings;
  endings = [];
  for (const stop of stops) stop();
  for (const map of maps) map.clear();
}
