import type { TargetsToStart } from '../targets/TargetOptions.ts';

/**
 * A run's options as data: parsed and checked once (toConformOptions from run()'s options and its
 * config, optionsFromEnv for a plain vitest run), then handed whole to the global setup and the suites
 * through vitest's `provide`. Serialisable (structured clone): no functions, no classes. Secrets travel
 * inside (the suites send them); nothing here is printed.
 */
export interface ConformOptions extends TargetsToStart {
  seed: number;
  /** Generated requests per operation and kind; 0: no generated checks. */
  fuzzRuns: number;
  /** Seconds each generated check spends judging (--check-budget); absent: what its target's pace gives it. */
  checkBudget?: number;
  /** Requests to one target in flight at once, at most (--concurrency); absent: the default. */
  concurrency?: number;
  /** The fetch-service suite judges its targets one after another (--one-target-at-a-time); absent: side by side. */
  oneTargetAtATime?: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent in a plain vitest run: the global setup reads the environment into the same shape. */
    conformOptions?: ConformOptions;
  }
}
