import { inject } from 'vitest';
import type { ShownTarget } from './shownForTarget.ts';
import type { SuiteName } from '../../catalogue/suites.ts';
import type { Targets } from './targets.ts';

/** Inside a suite: the targets of the current run, as the global setup provided them. */
export function currentTargets(): Targets {
  return inject('conformTargets');
}

/**
 * Inside a suite: the target of `suite` that `label` names (describeTarget's), with its suite, for a suite
 * whose checks send requests; undefined outside a run.
 */
export function currentTarget(suite: SuiteName, label: string | undefined): ShownTarget | undefined {
  // vitest's typing says provided; a plain test run has provided nothing.
  const targets = inject('conformTargets') as Targets | undefined;
  if (!targets || label === undefined) return undefined;
  if (suite === 'fetch-service') {
    const target = targets[suite].find((t) => t.label === label);
    return target && { suite, target };
  }
  if (suite === 'meeting-platform') {
    const target = targets[suite].find((t) => t.label === label);
    return target && { suite, target };
  }
  return undefined;
}
