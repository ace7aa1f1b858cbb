import type { RunReport, UnjudgedClause } from '../RunReport.ts';
import type { ReportView } from '../ReportView.ts';
import { verdictLine } from './rootCauseText.ts';

/** Clause ids a line names for one reason at most; the JSON report lists them all. */
const namedPerReason = 12;

/**
 * A run's counts (or a suite's) as every format writes them: "21 passed, 3 accepted (conform-suppressions.json),
 * 0 failed, 2 warnings, 4 skipped, 2 MUST clauses not judged". Accepted failures, warnings, blocked checks
 * and unjudged clauses named only when there are some.
 */
export function countsText(summary: RunReport['summary'], suppressionsFile?: string): string {
  const { passed, failed, accepted, warnings, blocked, skipped, unjudged } = summary;
  return [
    `${passed} passed`,
    ...(accepted ? [`${accepted} accepted${suppressionsFile ? ` (${suppressionsFile})` : ''}`] : []),
    `${failed} failed`,
    ...(warnings ? [`${warnings} warning${warnings === 1 ? '' : 's'}`] : []),
    ...(blocked ? [`${blocked} blocked`] : []),
    `${skipped} skipped`,
    ...(unjudged ? [`${unjudged} MUST clause${unjudged === 1 ? '' : 's'} not judged`] : []),
  ].join(', ');
}

/**
 * The run's closing line, as every format gives it: its counts, and the suppressions file's entries that
 * still have no reason ("…, 2 entries of conform-suppressions.json without a reason").
 */
export function summaryLine(view: ReportView): string {
  return `${countsText(view.report.summary, view.report.suppressions?.file)}${unexplainedText(view, ', ')}`;
}

/** ", 2 entries of conform-suppressions.json without a reason (--require-reasons fails the run on them)", or nothing. */
function unexplainedText(view: ReportView, lead: string): string {
  const s = view.report.suppressions;
  if (!s?.unexplained) return '';
  const failing = view.unexplainedFailing ? ' (--require-reasons fails the run on them)' : '';
  return `${lead}${s.unexplained} entr${s.unexplained === 1 ? 'y' : 'ies'} of ${s.file} without a reason${failing}`;
}

/**
 * The unjudged MUST clauses as the verdict is followed by them, a line per target (targets with the
 * same clauses and reasons in one): "2 MUST clauses not judged on staging: FS-SEC-KEY-FORWARD,
 * FS-SEC-KEY-ECHO: the API key is shorter than 8 characters: …". A clause only partly unjudged says how
 * much ("FS-504 (1 of 2 checks)").
 */
export function unjudgedLines(unjudged: readonly UnjudgedClause[]): string[] {
  const byTarget = new Map<string, UnjudgedClause[]>();
  for (const u of unjudged) {
    const key = JSON.stringify([u.suite, u.target]);
    byTarget.set(key, [...(byTarget.get(key) ?? []), u]);
  }
  // Targets whose clauses went unjudged alike share a line.
  const lines = new Map<string, { count: number; whole: boolean; targets: string[] }>();
  for (const clauses of byTarget.values()) {
    const body = reasonsText(clauses);
    const line = lines.get(body) ?? { count: clauses.length, whole: clauses.every((c) => c.checks === c.of), targets: [] };
    line.targets.push(clauses[0]!.target || clauses[0]!.suite);
    lines.set(body, line);
  }
  return [...lines].map(([body, { count, whole, targets }]) => {
    const on = targets.length > 1 ? `${targets.slice(0, -1).join(', ')} and ${targets.at(-1)}, each` : targets[0];
    return `${count} MUST clause${count === 1 ? '' : 's'} not judged${whole ? '' : ' (in whole or in part)'} on ${on}: ${body}`;
  });
}

/** "FS-SEC-KEY-FORWARD, FS-SEC-KEY-ECHO: the API key is shorter than 8 characters; FS-504 (1 of 2 checks): …". */
function reasonsText(clauses: readonly UnjudgedClause[]): string {
  const byReason = new Map<string, string[]>();
  for (const c of clauses) {
    const name = c.checks === c.of ? c.clause : `${c.clause} (${c.checks} of ${c.of} checks)`;
    for (const reason of c.reasons.length ? c.reasons : ['no reason given']) byReason.set(reason, [...(byReason.get(reason) ?? []), name]);
  }
  return [...byReason]
    .map(([reason, names]) => {
      const more = names.length - namedPerReason;
      return `${names.slice(0, namedPerReason).join(', ')}${more > 0 ? ` and ${more} more` : ''}: ${reason}`;
    })
    .join('; ');
}

/**
 * The verdict with what it did not judge beside it, as every format heads a run: "PASS — 2 MUST clauses
 * not judged on staging: …" (one target), "PASS — 5 MUST clauses not judged, on 2 targets:" with the lines
 * under it (several), and the entries without a reason when they fail the run.
 */
export function verdictHeadline(view: ReportView): string {
  return `${verdictLine(view)}${verdictNotes(view)}`;
}

/** What the headline adds to the verdict: " — 2 MUST clauses not judged on staging: …", or nothing. */
export function verdictNotes(view: ReportView): string {
  const unjudgedClauses = view.report.unjudged ?? [];
  const lines = unjudgedLines(unjudgedClauses);
  const targets = new Set(unjudgedClauses.map((u) => JSON.stringify([u.suite, u.target]))).size;
  const unjudged = lines.length === 1 ? ` — ${lines[0]}` : lines.length ? ` — ${unjudgedClauses.length} MUST clauses not judged, on ${targets} targets:` : '';
  const unexplained = view.unexplainedFailing ? unexplainedText(view, ' — ') : '';
  return `${unexplained}${unjudged}`;
}

/** The lines under the headline: each target's unjudged clauses, when the headline could not hold them in one. */
export function verdictDetails(view: ReportView): string[] {
  const lines = unjudgedLines(view.report.unjudged ?? []);
  return lines.length > 1 ? lines : [];
}
