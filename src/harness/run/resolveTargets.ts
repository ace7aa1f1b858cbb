import type { ConformOptions } from '../options/ConformOptions.ts';
import { startEmbeddedTarget } from '../targets/startEmbeddedTarget.ts';
import type { Targets } from '../suite-api/targets.ts';

export interface ResolvedTargets {
  targets: Targets;
  /** Stops the embedded targets this call started. */
  close(): Promise<void>;
}

/** The targets the options name; embedded ones started for the selected suites given none. */
export async function resolveTargets(options: ConformOptions): Promise<ResolvedTargets> {
  const closers: Array<() => Promise<void>> = [];
  const targets: Targets = {
    seed: options.seed,
    fuzzRuns: options.fuzzRuns,
    ...(options.checkBudget !== undefined ? { checkBudget: options.checkBudget } : {}),
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    limits: options.limits,
    ...(options.oneTargetAtATime ? { oneTargetAtATime: true } : {}),
    'unit-record': [],
    'fetch-service': [],
    'meeting-platform': [],
  };
  try {
    for (const suite of options.suites) {
      const started = await startEmbeddedTarget(suite, options);
      closers.push(started.close);
      // Each suite's list is typed by its key; the starter returns the matching shape.
      (targets[suite] as unknown[]).push(...started.targets);
    }
  } catch (err) {
    await Promise.allSettled(closers.map((c) => c()));
    throw err;
  }
  return {
    targets,
    async close() {
      await Promise.allSettled(closers.reverse().map((c) => c()));
    },
  };
}
