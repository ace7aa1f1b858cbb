import type { ConformOptions } from './ConformOptions.ts';

export interface RunFarm {
  /** The run's options with the farm's URL given to each fetch-service deployment that names none (runFarmUrl). */
  options: ConformOptions;
  close(): Promise<void>;
}

/**
 * The origin farm a run starts on loopback for the fetch-service deployments that name none, started
 * before the run's preflight so that whether they can fetch from it is known before any check runs.
 * Undefined when no deployment needs one (embedded targets start their own with the suite).
 */
export async function startRunFarm(options: ConformOptions): Promise<RunFarm | undefined> {
  const given = options.targets['fetch-service'];
  if (!options.suites.includes('fetch-service') || given.every((t) => t.originUrl !== undefined)) return undefined;
  const { startWarmFarm } = await import('./startFetchServiceTargets.ts');
  const farm = await startWarmFarm();
  const targets = given.map((t) => (t.originUrl !== undefined ? t : { ...t, runFarmUrl: farm.httpUrl }));
  return { options: { ...options, targets: { ...options.targets, 'fetch-service': targets } }, close: farm.close };
}
