import fc from 'fast-check';

export interface FoundFailure<T> {
  /** The smallest failing input fast-check shrank to. */
  value: T;
  problem: string;
  /** Inputs tried before the first failure, that one included. */
  runs: number;
  shrinks: number;
  /** Inputs judged while shrinking (after the first failure); `shrinks` of them failed too, each a step. */
  shrinkJudged: number;
  /** fast-check's own seed and path: `fc.check(property, {seed, path})` replays exactly this failure. */
  seed: number;
  path: string;
}

export interface FindOptions {
  seed: number;
  runs: number;
  /** Inputs tried while shrinking at most; past it the smallest failure found so far is kept. */
  maxShrinkTries?: number;
  /**
   * Called after each input is judged: how many were judged looking for a failure (the first failure
   * included), and how many since, while shrinking it.
   */
  onTry?: (tried: { searched: number; shrinking: number }) => void;
  /**
   * Whether the time is up (a deadline passed): from then on no input is judged, the search ends with what
   * it judged (`outOfTime`), and a shrink in progress keeps the smallest failure found so far. Absent: never.
   */
  timeUp?: () => boolean;
}

/**
 * Runs `judge` on up to `runs` inputs from `inputs` (deterministic by `seed`) until one gets a problem,
 * then shrinks it with fast-check to a minimal input that still does. `judge` answers undefined when
 * an input is fine. A failure's problem is the one judged for the minimal input.
 */
export async function findFailure<T>(inputs: fc.Arbitrary<T>, judge: (value: T) => Promise<string | undefined>, options: FindOptions): Promise<{ runs: number; failure?: FoundFailure<T>; outOfTime?: true }> {
  const problems = new Map<T, string>();
  let searched = 0;
  let failedOnce = false;
  let shrinkTries = 0;
  let shrinkJudged = 0;
  let outOfTime = false;
  const maxShrinkTries = options.maxShrinkTries ?? 300;
  const property = fc.asyncProperty(inputs, async (value) => {
    if (failedOnce && ++shrinkTries > maxShrinkTries) return true;
    // Past the deadline an input is let through unjudged: fast-check has no way to stop early but a pass.
    if (options.timeUp?.()) {
      if (!failedOnce) outOfTime = true;
      return true;
    }
    const shrinking = failedOnce;
    const problem = await judge(value);
    if (shrinking) shrinkJudged++;
    else searched++;
    options.onTry?.({ searched, shrinking: shrinkJudged });
    if (problem === undefined) return true;
    failedOnce = true;
    problems.set(value, problem);
    return false;
  });
  const details = await fc.check(property, { seed: options.seed, numRuns: options.runs });
  if (!details.failed || !details.counterexample) return outOfTime ? { runs: searched, outOfTime: true } : { runs: details.numRuns };
  const value = details.counterexample[0];
  const problem = problems.get(value) ?? (await judge(value)) ?? 'failed';
  return { runs: details.numRuns, failure: { value, problem, runs: details.numRuns, shrinks: details.numShrinks, shrinkJudged, seed: details.seed, path: details.counterexamplePath ?? '' } };
}
