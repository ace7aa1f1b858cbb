import type { SuiteSummary } from '../ReportView.ts';
import { countsText } from './runSummaryText.ts';

/** A suite's line under the headline: what it ran against, and its checks' counts: "mock (embedded): 18 checks, 17 passed, 1 failed". */
export function suiteSummaryText(s: SuiteSummary): string {
  if (!s.summary) return '(no checks ran)';
  return `${s.targets.join(', ') || '(unlabelled target)'}: ${s.checks} checks, ${countsText(s.summary)}`;
}
