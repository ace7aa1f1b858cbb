import type { Verdict } from './judge.ts';
import type { Farm, FarmRequest } from './originFarm.ts';

/**
 * Proof beyond the reply: for each verdict, the farm's log for its probe token (same index). A verdict
 * whose token the farm logged (a request matching `which`) gets `problem` added, whatever its reply said.
 */
export async function requireUnseen(farm: Farm, probes: readonly string[], verdicts: Verdict[], problem: string, which: (r: FarmRequest) => boolean = () => true): Promise<void> {
  const logs = await Promise.all(probes.map((probe) => farm.requests(probe)));
  for (const [i, log] of logs.entries()) {
    const verdict = verdicts[i];
    if (verdict && log.some(which)) addProblem(verdict, problem);
  }
}

/** Adds `problem` to what is already wrong with a verdict. */
export function addProblem(verdict: Verdict, problem: string): void {
  verdict.problem = [verdict.problem, problem].filter(Boolean).join('; ');
}
