import type { TestProject } from 'vitest/node';
import { resolveTargets } from './resolveTargets.ts';

/**
 * Vitest global setup of the conformance configuration: resolves each suite's targets from the
 * environment, starts embedded ones on loopback where none is given, and hands them to the suites.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { targets, close } = await resolveTargets(process.env);
  project.provide('conformTargets', targets);
  return close;
}
