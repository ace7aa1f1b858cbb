import type { SuiteName } from '../catalogue/suites.ts';
import type { RunReport } from './RunReport.ts';
import type { SuiteSummary } from './ReportView.ts';
import { summaryOf } from './summaryOf.ts';

/**
 * Each suite of the run: its labelled targets and its checks' counts, counted as the run's are
 * (summaryOf): a failed SHOULD check of a run that is not strict is a warning here too, not a failure.
 */
export function suiteSummaries(report: RunReport): SuiteSummary[] {
  return (Object.keys(report.target) as SuiteName[]).map((suite) => {
    const checks = report.checks.filter((c) => c.suite === suite);
    const targets = (report.target[suite] ?? []).filter(Boolean);
    return { suite, targets, checks: checks.length, ...(checks.length ? { summary: summaryOf({ strict: report.strict, checks }) } : {}) };
  });
}
