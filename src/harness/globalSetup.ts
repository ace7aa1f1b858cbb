import type { TestProject } from 'vitest/node';
import { optionsFromEnv } from './optionsFromEnv.ts';
import { resolveTargets } from './resolveTargets.ts';

/**
 * Vitest global setup of the conformance configuration: takes the run's options as `conform run`
 * provided them (read from the environment once in a plain vitest run), starts embedded targets on
 * loopback for the suites given none, and hands the targets to the suites.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const options = project.getProvidedContext().conformOptions ?? optionsFromEnv(process.env);
  const { targets, close } = await resolveTargets(options);
  project.provide('conformTargets', targets);
  return close;
}
