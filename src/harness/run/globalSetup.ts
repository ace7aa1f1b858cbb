import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { optionsFromEnv } from '../options/optionsFromEnv.ts';
import { resolveTargets } from './resolveTargets.ts';

/**
 * Vitest global setup of the conformance configuration: takes the run's options as `conform run`
 * provided them (read from the environment once in a plain vitest run), starts embedded targets on
 * loopback for the suites given none, and hands the targets to the suites, with a directory the run's
 * suite files (in workers of their own, several files one after another in each: conformanceConfig.ts)
 * share what they learn of the targets in (SilentTargets).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const options = project.getProvidedContext().conformOptions ?? optionsFromEnv(process.env);
  const shared = mkdtempSync(join(tmpdir(), 'conform-run-'));
  const removeShared = () => rmSync(shared, { recursive: true, force: true });
  let resolved;
  try {
    resolved = await resolveTargets(options);
  } catch (err) {
    removeShared();
    throw err;
  }
  const { targets, close } = resolved;
  project.provide('conformTargets', targets);
  project.provide('conformRunDir', shared);
  return async () => {
    removeShared();
    await close();
  };
}
