import { summaryOf } from '../buildReport.ts';
import type { RunReport } from '../RunReport.ts';
import type { SuiteName } from '../../catalogue/suites.ts';
import { countsText } from './runSummaryText.ts';

export interface TargetSummary {
  suite: SuiteName;
  /** The suite's targets and how its checks went: "mock (embedded): 18 checks, 17 passed, 1 failed". */
  text: string;
}

/**
 * One line per suite of the run: what it ran against, and its checks' counts, counted as the run's are
 * (summaryOf): a failed SHOULD check of a run that is not strict is a warning here too, not a failure.
 */
export function targetSummaries(report: RunReport): TargetSummary[] {
  return (Object.keys(report.target) as SuiteName[]).map((suite) => {
    const checks = report.checks.filter((c) => c.suite === suite);
    if (!checks.length) return { suite, text: '(no checks ran)' };
    const labels = (report.target[suite] ?? []).filter(Boolean);
    return { suite, text: `${labels.join(', ') || '(unlabelled target)'}: ${checks.length} checks, ${countsText(summaryOf({ strict: report.strict, checks }))}` };
  });
}
