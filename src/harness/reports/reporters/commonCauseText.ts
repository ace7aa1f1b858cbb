import { rootCauses, type RootCause } from '../rootCauses.ts';
import type { CommonCause, RunReport } from '../RunReport.ts';

/** A common cause and the root causes it explains whole (each of their failed checks), as every format leads with them. */
export interface CauseLead {
  cause: CommonCause;
  roots: RootCause[];
}

/**
 * The root causes as every format leads with them: first each common cause (a server error or no answer
 * behind failures of several clauses) with the failed clauses it explains folded under it, then the
 * failed clauses nothing common explains. A clause with a failure the cause does not explain stays a
 * root cause of its own.
 */
export function leadingCauses(report: RunReport): { causes: CauseLead[]; roots: RootCause[] } {
  const causes: CauseLead[] = (report.commonCauses ?? []).map((cause) => ({ cause, roots: [] }));
  const roots: RootCause[] = [];
  for (const root of rootCauses(report)) {
    const lead = causes.find(({ cause }) => cause.suite === root.suite && cause.target === root.target && root.failed.every((c) => cause.checks.includes(c.id)));
    if (lead) lead.roots.push(root);
    else roots.push(root);
  }
  return { causes: causes.filter((l) => l.roots.length), roots };
}

/**
 * "31 of 104 requests to staging answered 503, across the failures of 11 clauses", from the cause's
 * counts; "got no answer (no answer within 30 s)" for requests that got none.
 */
export function commonCauseText(cause: CommonCause): string {
  const why = /^no answer: (.*)$/.exec(cause.outcome)?.[1];
  const what = why === undefined ? `answered ${cause.outcome}` : `got no answer (${why})`;
  const n = cause.clauses.length;
  return `${cause.count} of ${cause.requests} requests to ${cause.target || cause.suite} ${what}, across the failures of ${n} clause${n === 1 ? '' : 's'}`;
}
