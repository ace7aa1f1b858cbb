import type { RunReport } from '../report.ts';
import type { SuiteName } from '../suites.ts';

export interface TargetSummary {
  suite: SuiteName;
  /** The suite's targets and how its checks went: "mock (embedded): 18 checks, 17 passed, 1 failed". */
  text: string;
}

/** One line per suite of the run: what it ran against, and its checks' counts. */
export function targetSummaries(report: RunReport): TargetSummary[] {
  return (Object.keys(report.target) as SuiteName[]).map((suite) => {
    const checks = report.checks.filter((c) => c.suite === suite);
    if (!checks.length) return { suite, text: '(no checks ran)' };
    const labels = (report.target[suite] ?? []).filter(Boolean);
    const count = (status: string) => checks.filter((c) => c.status === status).length;
    const counts = [`${count('passed')} passed`, `${count('failed')} failed`, ...(count('accepted') ? [`${count('accepted')} accepted`] : []), ...(count('blocked') ? [`${count('blocked')} blocked`] : []), ...(count('skipped') ? [`${count('skipped')} skipped`] : [])];
    return { suite, text: `${labels.join(', ') || '(unlabelled target)'}: ${checks.length} checks, ${counts.join(', ')}` };
  });
}
