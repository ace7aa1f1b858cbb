import { isSuiteName, suiteNames, type SuiteName } from './suites.ts';
import { defaultSeed, fuzzRunsFrom, targetEnv, type Targets } from './targets.ts';
import { startEmbeddedTarget } from './startEmbeddedTarget.ts';

export interface ResolvedTargets {
  targets: Targets;
  /** Stops the embedded targets this call started. */
  close(): Promise<void>;
}

type Env = Record<string, string | undefined>;

export function selectedSuites(env: Env): SuiteName[] {
  const raw = env[targetEnv.suites];
  if (!raw) return [...suiteNames];
  return raw.split(',').map((s) => s.trim()).filter(isSuiteName);
}

export function seedFrom(env: Env): number {
  const raw = env[targetEnv.seed];
  const seed = raw === undefined || raw === '' ? defaultSeed : Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`${targetEnv.seed} must be an integer, got "${raw}"`);
  return seed;
}

/** Targets named by the environment; embedded ones started for the selected suites left without. */
export async function resolveTargets(env: Env): Promise<ResolvedTargets> {
  const closers: Array<() => Promise<void>> = [];
  const targets: Targets = { seed: seedFrom(env), fuzzRuns: fuzzRunsFrom(env), 'unit-record': [], 'fetch-service': [], 'meeting-platform': [] };
  try {
    for (const suite of selectedSuites(env)) {
      const started = await startEmbeddedTarget(suite, env);
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
