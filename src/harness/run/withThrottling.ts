import type { CheckResult, TargetPace } from '../../verdict/RunReport.ts';

/** The paces with what each target's 429s cost the run, summed over the checks that met them. */
export function withThrottling(paces: readonly TargetPace[], checks: readonly CheckResult[]): TargetPace[] {
  return paces.map((p) => {
    const slowed = { answers: 0, waitedMs: 0, retried: 0 };
    for (const c of checks) {
      const t = c.exchanges?.throttled;
      if (!t || c.suite !== p.suite || c.target !== p.target) continue;
      slowed.answers += t.answers;
      slowed.waitedMs += t.waitedMs;
      slowed.retried += t.retried;
    }
    return slowed.answers ? { ...p, slowed: { ...slowed, waitedMs: Math.round(slowed.waitedMs) } } : { ...p };
  });
}
