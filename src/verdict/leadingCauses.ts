import type { CommonCause } from './RunReport.ts';
import type { CauseLead, RootCause } from './ReportView.ts';

/**
 * The root causes as every format leads with them: first each common cause (a server error or no answer
 * behind failures of several clauses) with the failed clauses it explains folded under it, then the
 * failed clauses nothing common explains. A clause with a failure the cause does not explain stays a
 * root cause of its own.
 */
export function leadingCauses(commonCauses: readonly CommonCause[], rootCauses: readonly RootCause[]): { causes: CauseLead[]; roots: RootCause[] } {
  const causes: CauseLead[] = commonCauses.map((cause) => ({ cause, roots: [] }));
  const roots: RootCause[] = [];
  for (const root of rootCauses) {
    const lead = causes.find(({ cause }) => cause.suite === root.suite && cause.target === root.target && root.failed.every((c) => cause.checks.includes(c.id)));
    if (lead) lead.roots.push(root);
    else roots.push(root);
  }
  return { causes: causes.filter((l) => l.roots.length), roots };
}
