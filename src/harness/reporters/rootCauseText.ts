import { rootCauses, verdictOf, warnings, type RootCause } from '../buildReport.ts';
import type { CheckResult, RunReport } from '../report.ts';

/** Root causes named in a report's first lines; the rest are in its list of failures. */
export const leadingRoots = 10;

/** A root's clause, with its target when the suite ran against several (the reference and the mock). */
export function rootName(report: RunReport, root: RootCause): string {
  const several = (report.target[root.suite]?.length ?? 0) > 1;
  return several && root.target ? `${root.clause} [${root.target}]` : root.clause;
}

/** "MP-TOKEN-FLOW failed", "MP-SPEC-RESPONSE failed (3 checks)". */
export function rootFailed(report: RunReport, root: RootCause): string {
  return `${rootName(report, root)} failed${root.failed.length > 1 ? ` (${root.failed.length} checks)` : ''}`;
}

/** What a root's failure says: its first check's headline. */
export function rootHeadline(root: RootCause): string {
  return root.failed[0]?.message ?? 'failed';
}

/** Checks by clause id, in run order, "MP-FUZZ-NO-5XX ×3" for several checks of one clause. */
export function clauseList(checks: readonly CheckResult[]): string {
  const counts = new Map<string, number>();
  for (const c of checks) counts.set(c.clause, (counts.get(c.clause) ?? 0) + 1);
  return [...counts].map(([clause, n]) => (n > 1 ? `${clause} ×${n}` : clause)).join(', ');
}

/** "it blocked 21 checks: MP-ME-200, …", or nothing for a root that blocked none. */
export function blockedText(root: RootCause): string {
  const n = root.blocked.length;
  return n ? `it blocked ${n} check${n === 1 ? '' : 's'}: ${clauseList(root.blocked)}` : '';
}

/**
 * A root cause in one line, as every format's first lines give it: "MP-TOKEN-FLOW failed: the token
 * response must hold a non-empty access_token string; it blocked 21 checks: MP-ME-200, …".
 */
export function rootCauseLine(report: RunReport, root: RootCause): string {
  const blocked = blockedText(root);
  return `${rootFailed(report, root)}: ${rootHeadline(root)}${blocked ? `; ${blocked}` : ''}`;
}

/** The lines that lead a report: one per root cause (at most `leadingRoots`), and how many more failed. */
export function rootCauseLead(report: RunReport): { roots: RootCause[]; lines: string[]; more: number } {
  const roots = rootCauses(report);
  const shown = roots.slice(0, leadingRoots);
  return { roots: shown, lines: shown.map((r) => rootCauseLine(report, r)), more: roots.length - shown.length };
}

/** What the lead sums up: "9 failed clauses, 22 checks blocked by them". */
export function rootCauseTitle(report: RunReport): string {
  const roots = rootCauses(report);
  const blocked = roots.reduce((n, r) => n + r.blocked.length, 0);
  return `${roots.length} failed clause${roots.length === 1 ? '' : 's'}${blocked ? `, ${blocked} check${blocked === 1 ? '' : 's'} blocked by ${roots.length === 1 ? 'it' : 'them'}` : ''}`;
}

/** The warnings' lines, as the root causes': one per failed SHOULD clause (at most `leadingRoots`), and how many more. */
export function warningLead(report: RunReport): { roots: RootCause[]; lines: string[]; more: number } {
  const roots = warnings(report);
  const shown = roots.slice(0, leadingRoots);
  return { roots: shown, lines: shown.map((r) => rootCauseLine(report, r)), more: roots.length - shown.length };
}

/** "2 SHOULD clauses failed; they do not fail the run". */
export function warningTitle(report: RunReport): string {
  const n = warnings(report).length;
  return `${n} SHOULD clause${n === 1 ? '' : 's'} failed; ${n === 1 ? 'it does' : 'they do'} not fail the run unless --strict`;
}

/** The verdict as every format heads it: "PASS", "PASS with 2 warnings", "FAIL", "COULD NOT RUN". */
export function verdictLine(report: RunReport): string {
  const verdict = verdictOf(report);
  const n = report.summary.warnings;
  return n ? `${verdict} with ${n} warning${n === 1 ? '' : 's'}` : verdict;
}
