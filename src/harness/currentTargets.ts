import { inject } from 'vitest';
import type { Targets } from './targets.ts';

/** Inside a suite: the targets of the current run, as the global setup provided them. */
export function currentTargets(): Targets {
  return inject('conformTargets');
}
