import type { CheckResult, RunReport } from '../RunReport.ts';
import type { ReportView, RootCause } from '../ReportView.ts';
import { commonCauseText } from './commonCauseText.ts';

/** Root causes named in a report's first lines; the rest are in its list of failures. */
export const leadingRoots = 10;

/** A root's clause, with its target when the suite ran against several (the reference and the mock). */
export function rootName(view: ReportView, root: RootCause): string {
  return view.severalTargets.has(root.suite) && root.target ? `${root.clause} [${root.target}]` : root.clause;
}

/** "MP-TOKEN-FLOW failed", "MP-SPEC-RESPONSE failed (3 checks)". */
export function rootFailed(view: ReportView, root: RootCause): string {
  return `${rootName(view, root)} failed${root.failed.length > 1 ? ` (${root.failed.length} checks)` : ''}`;
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
export function rootCauseLine(view: ReportView, root: RootCause): string {
  const blocked = blockedText(root);
  return `${rootFailed(view, root)}: ${rootHeadline(root)}${blocked ? `; ${blocked}` : ''}`;
}

/** A common cause's line and the lines of the root causes folded under it (at most `leadingRoots`), and how many more. */
export interface CauseLines {
  line: string;
  lines: string[];
  more: number;
}

/**
 * The lines that lead a report: each common cause with the root causes it explains folded under it,
 * then one line per other root cause (at most `leadingRoots`), and how many more failed.
 */
export function rootCauseLead(view: ReportView): { causes: CauseLines[]; roots: RootCause[]; lines: string[]; more: number } {
  const { causes, roots } = view.lead;
  const shown = roots.slice(0, leadingRoots);
  return {
    causes: causes.map((l) => ({ line: commonCauseText(l.cause), lines: l.roots.slice(0, leadingRoots).map((r) => rootCauseLine(view, r)), more: Math.max(0, l.roots.length - leadingRoots) })),
    roots: shown,
    lines: shown.map((r) => rootCauseLine(view, r)),
    more: roots.length - shown.length,
  };
}

/** What the lead sums up: "9 failed clauses, 22 checks blocked by them", and "; 7 of them with one cause" when a common cause explains some. */
export function rootCauseTitle(view: ReportView): string {
  const roots = view.failures.roots;
  const blocked = roots.reduce((n, r) => n + r.blocked.length, 0);
  const causes = view.lead.causes;
  const explained = causes.reduce((n, l) => n + l.roots.length, 0);
  const common = causes.length ? `; ${explained} of them with ${causes.length === 1 ? 'one cause' : `${causes.length} common causes`}` : '';
  return `${roots.length} failed clause${roots.length === 1 ? '' : 's'}${blocked ? `, ${blocked} check${blocked === 1 ? '' : 's'} blocked by ${roots.length === 1 ? 'it' : 'them'}` : ''}${common}`;
}

/** The warnings' lines, as the root causes': one per failed SHOULD clause (at most `leadingRoots`), and how many more. */
export function warningLead(view: ReportView): { roots: RootCause[]; lines: string[]; more: number } {
  const roots = view.warnings.roots;
  const shown = roots.slice(0, leadingRoots);
  return { roots: shown, lines: shown.map((r) => rootCauseLine(view, r)), more: roots.length - shown.length };
}

/** "2 SHOULD clauses failed; they do not fail the run". */
export function warningTitle(view: ReportView): string {
  const n = view.warnings.roots.length;
  return `${n} SHOULD clause${n === 1 ? '' : 's'} failed; ${n === 1 ? 'it does' : 'they do'} not fail the run unless --strict`;
}

/** The accepted failures' lines, as the warnings': one per accepted clause (at most `leadingRoots`), its reason after the headline. */
export function acceptedLead(view: ReportView): { roots: RootCause[]; lines: string[]; more: number } {
  const roots = view.accepted.roots;
  const shown = roots.slice(0, leadingRoots);
  return { roots: shown, lines: shown.map((r) => acceptedLine(view, r)), more: roots.length - shown.length };
}

/** "FS-504 accepted: 2 of 2 requests were answered against the rule; reason: …; until 2025-09-30". */
export function acceptedLine(view: ReportView, root: RootCause): string {
  const blocked = blockedText(root);
  return `${rootName(view, root)} accepted: ${rootHeadline(root)}; ${acceptedWhy(root.failed[0]!)}${blocked ? `; ${blocked}` : ''}`;
}

/** "reason: the vendor's proxy answers 502; until 2025-09-30". */
export function acceptedWhy(check: CheckResult): string {
  const s = check.suppression;
  return s ? `reason: ${s.reason}${s.until ? `; until ${s.until}` : ''}` : 'reason: (none)';
}

/** "3 failed clauses the suppressions file accepts; they do not fail the run". */
export function acceptedTitle(view: ReportView): string {
  const n = view.accepted.roots.length;
  return `${n} failed clause${n === 1 ? '' : 's'} accepted by ${view.report.suppressions?.file ?? 'the suppressions file'}; ${n === 1 ? 'it does' : 'they do'} not fail the run`;
}

/** The verdict as every format heads it: "PASS", "PASS with 2 warnings", "PASS with 3 accepted and 1 warning", "FAIL", "COULD NOT RUN". */
export function verdictLine(view: ReportView): string {
  const { warnings: n, accepted } = view.report.summary;
  const parts = [accepted ? `${accepted} accepted` : '', n ? `${n} warning${n === 1 ? '' : 's'}` : ''].filter(Boolean);
  return parts.length ? `${view.verdict} with ${parts.join(' and ')}` : view.verdict;
}

/**
 * What a run did with its suppressions file and what in it needs a person, one sentence each: the
 * entries --suppress added and --prune dropped, those still without a reason (a warning: they accept
 * all the same), those whose failure is gone (--prune drops them) and those expired.
 */
export function suppressionNotes(report: RunReport): Array<{ level: 'info' | 'warning'; text: string }> {
  const s = report.suppressions;
  if (!s) return [];
  const entries = (n: number) => `${n} entr${n === 1 ? 'y' : 'ies'}`;
  const notes: Array<{ level: 'info' | 'warning'; text: string }> = [];
  if (s.added !== undefined) notes.push({ level: 'info', text: `${s.file}: --suppress added ${entries(s.added)}${s.added ? ', each with a reason to write' : ''} (${entries(s.entries)} in all)` });
  if (s.pruned !== undefined) notes.push({ level: 'info', text: `${s.file}: --prune dropped ${entries(s.pruned)} whose failure is gone` });
  if (s.unexplained) notes.push({ level: 'warning', text: `${s.file}: ${entries(s.unexplained)} ${s.unexplained === 1 ? 'has' : 'have'} no reason yet: write in "reason" why the failure is accepted` });
  if (s.stale) notes.push({ level: 'info', text: `${s.file}: ${entries(s.stale)} no longer ${s.stale === 1 ? 'matches' : 'match'} a failure of a check that ran: conform run --prune drops ${s.stale === 1 ? 'it' : 'them'}` });
  if (s.expired) notes.push({ level: 'warning', text: `${s.file}: ${entries(s.expired)} ${s.expired === 1 ? 'is' : 'are'} past ${s.expired === 1 ? 'its' : 'their'} "until" date: a failure ${s.expired === 1 ? 'it matches' : 'they match'} fails the run again` });
  return notes;
}
