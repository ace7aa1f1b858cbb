import { styleText } from 'node:util';
import type { CheckResult, CheckStatus, SuiteMatrix, TargetPace } from '../RunReport.ts';
import { paceText, slowedText } from './paceText.ts';
import type { FindingPlace, ReportView } from '../ReportView.ts';
import { differenceLines, differenceText } from './differenceText.ts';
import { failureDetails } from './failureDetails.ts';
import { groupTitle as groupTitleOf, sectionTitle } from './groupTitle.ts';
import { summaryLine, verdictDetails, verdictNotes } from './runSummaryText.ts';
import { acceptedLead, acceptedTitle, acceptedWhy, rootCauseLead, rootCauseTitle, rootName, suppressionNotes, verdictLine, warningLead, warningTitle } from './rootCauseText.ts';

/** A style of node:util's styleText: what a console line's words are painted with. */
export type Style = Parameters<typeof styleText>[0];

/** How a line's words are painted: in colour on a terminal, as they are in a log. */
export type Paint = (style: Style, text: string) => string;

/** Words as they are: a log, a pipe, NO_COLOR. */
export const plainText: Paint = (_style, text) => text;

/** Words in colour, for a terminal. */
export const inColour: Paint = (style, text) => styleText(style, text, { validateStream: false });

/**
 * Each status's mark in a check's line and its word in the clause table; a warning is a failed SHOULD
 * check, an accepted check a failure the suppressions file accepts.
 */
export const marks: Record<CheckStatus | 'warning', { mark: string; word: string; style: Style }> = {
  passed: { mark: '✓', word: 'pass', style: 'green' },
  failed: { mark: '✗', word: 'FAIL', style: 'red' },
  warning: { mark: '⚠', word: 'warn', style: 'yellow' },
  accepted: { mark: '≈', word: 'accept', style: 'blue' },
  blocked: { mark: '⊘', word: 'blocked', style: 'magenta' },
  skipped: { mark: '-', word: 'skip', style: 'dim' },
};

/** The run's first line, then a line for each deployment given: its measured latency, and the pace and budget it is judged at. */
export function startLines(description: string, paces: readonly TargetPace[], paint: Paint): string[] {
  return [paint('bold', `conform: ${description}`), ...paces.map((p) => paint('dim', `  ${paceText(p)}`))];
}

/** A check's line as it ends: its mark, suite, clause, title, target, time, and what blocked or accepted it. */
export function checkLine(result: CheckResult, paint: Paint): string {
  // A failed SHOULD check is a warning unless the run is strict; the summary, which knows, says which.
  const { mark, style } = marks[result.status === 'failed' && result.level === 'SHOULD' ? 'warning' : result.status];
  const level = result.level === 'SHOULD' ? paint('dim', ' (SHOULD)') : '';
  const where = result.target ? paint('dim', ` [${result.target}]`) : '';
  const by = result.blockedBy ? paint(style, ` blocked by ${result.blockedBy}`) : '';
  const accepted = result.status === 'accepted' ? paint(style, ' accepted') : '';
  return `${paint(style, mark)} ${result.suite} ${paint('cyan', result.clause)} ${result.title}${level}${where} ${paint('dim', `${result.durationMs}ms`)}${by}${accepted}`;
}

/**
 * One suite's clauses (rows) against its targets (columns): a cell's word, and a failing cell the
 * number of its failure in the list below (w1 for a warning); then each failing case the reference
 * answered otherwise.
 */
function matrixLines(m: SuiteMatrix, places: ReadonlyMap<string, FindingPlace>, paint: Paint): string[] {
  const lines: string[] = [];
    const cellText = (cell: SuiteMatrix['rows'][number]['cells'][number]): string => {
      if (!cell) return '—';
      const place = cell.findings?.map((id) => places.get(id)).find((p) => p !== undefined);
      const number = place ? ` ${place.kind === 'warning' ? 'w' : ''}${place.index + 1}` : '';
      return `${marks[cell.status].word}${cell.status === 'failed' || cell.status === 'warning' ? number : ''}`;
    };
    const clauseWidth = Math.max(6, ...m.rows.map((r) => r.clause.length));
    const widths = m.targets.map((t, i) => Math.max(t.length, ...m.rows.map((r) => cellText(r.cells[i] ?? null).length)));
    lines.push('');
    lines.push(paint('bold', `${m.suite}: clauses × targets${m.reference ? ` (compared with ${m.reference})` : ''}`));
    lines.push(paint('dim', `  ${'clause'.padEnd(clauseWidth)}  ${'level'.padEnd(6)}  ${m.targets.map((t, i) => t.padEnd(widths[i]!)).join('  ').trimEnd()}`));
    let group: string | undefined;
    for (const r of m.rows) {
      if (r.group !== group && r.group) lines.push(paint('bold', `  ${groupTitleOf(r.group)}`));
      group = r.group;
      // The last column unpadded: no line ends in spaces.
      const cells = r.cells.map((cell, i) => paint(cell ? marks[cell.status].style : 'dim', i < r.cells.length - 1 ? cellText(cell).padEnd(widths[i]!) : cellText(cell)));
      lines.push(`  ${r.clause.padEnd(clauseWidth)}  ${r.level.padEnd(6)}  ${cells.join('  ')}`);
    }
    if (m.differences.length) {
      lines.push(paint('bold', `  Where the reference answers otherwise (${m.differences.length})`));
      for (const d of m.differences) lines.push(`    ${paint('cyan', d.clause)} [${d.target}] ${d.case}: ${differenceText(d)}`);
    }
  return lines;
}

/**
 * The console view of a run's report, after its checks' lines: the root causes (a common cause first, with
 * the failed clauses it explains under it; then each other failed clause and what it blocked, one line
 * each), the clause table, the failures with their evidence (root causes first), the blocked checks under
 * what blocked them, the clauses no check covers, the verdict with the MUST clauses it did not judge beside
 * it, and the summary line: the report as presented once for every format (presentReport), as lines.
 */
export function renderConsole(view: ReportView, paint: Paint): string[] {
  const lines: string[] = [];
    const { report } = view;
    // The lead: what failed that nothing else explains, and what each failure kept from running.
    const lead = rootCauseLead(view);
    if (lead.lines.length || lead.causes.length) {
      lines.push('');
      lines.push(paint('bold', `Root causes (${rootCauseTitle(view)})`));
      // A common cause first, the failed clauses it explains folded under it.
      for (const cause of lead.causes) {
        lines.push(paint('red', `  ✗ ${cause.line}:`));
        for (const line of cause.lines) lines.push(paint('red', `      ${line}`));
        if (cause.more) lines.push(paint('dim', `      … and ${cause.more} more failed clause${cause.more === 1 ? '' : 's'}: see the failures below`));
      }
      for (const line of lead.lines) lines.push(paint('red', `  ✗ ${line}`));
      if (lead.more) lines.push(paint('dim', `  … and ${lead.more} more failed clause${lead.more === 1 ? '' : 's'}: see the failures below`));
    }
    // Then the warnings: failed SHOULD clauses, apart, since they do not fail the run.
    const warned = warningLead(view);
    if (warned.lines.length) {
      lines.push('');
      lines.push(paint('bold', `Warnings (${warningTitle(view)})`));
      for (const line of warned.lines) lines.push(paint('yellow', `  ⚠ ${line}`));
      if (warned.more) lines.push(paint('dim', `  … and ${warned.more} more: see the warnings below`));
    }
    // Then the accepted failures, apart again: the suppressions file accepts them, with a reason each.
    const accepted = acceptedLead(view);
    if (accepted.lines.length) {
      lines.push('');
      lines.push(paint('bold', `Accepted (${acceptedTitle(view)})`));
      for (const line of accepted.lines) lines.push(paint('blue', `  ≈ ${line}`));
      if (accepted.more) lines.push(paint('dim', `  … and ${accepted.more} more: see the accepted failures below`));
    }

    // Suites run against several targets: one matrix each, clauses by targets, a failing cell naming
    // the number of its failure below.
    const { matrices, sections } = view;
    for (const m of matrices) lines.push(...matrixLines(m, view.places, paint));

    // One width for every section, so the groups' columns line up with the ordinary clauses'.
    const width = Math.max(6, ...sections.flatMap((s) => s.rows).map((r) => `${r.suite} ${r.clause}`.length));
    for (const section of sections) {
      lines.push('');
      lines.push(paint('bold', sectionTitle(section.group)));
      for (const r of section.rows) {
        const { word, style } = marks[r.status];
        const counts = `${r.passed} passed${r.failed ? `, ${r.failed} failed` : ''}${r.warnings ? `, ${r.warnings} warning${r.warnings === 1 ? '' : 's'}` : ''}${r.accepted ? `, ${r.accepted} accepted` : ''}${r.blocked ? `, ${r.blocked} blocked` : ''}${r.skipped ? `, ${r.skipped} skipped` : ''}`;
        lines.push(`  ${`${r.suite} ${r.clause}`.padEnd(width)}  ${r.level.padEnd(6)}  ${paint(style, word.padEnd(7))}  ${paint('dim', counts)}`);
      }
    }

    const failures = view.failures.checks;
    if (failures.length) {
      lines.push('');
      lines.push(paint('bold', `Failures (${failures.length})`));
      failures.forEach((f, i) => {
        lines.push('');
        const number = matrices.length ? `${i + 1}. ` : '';
        lines.push(paint('red', `✗ ${number}${f.suite} ${f.clause} [${f.level}${f.group ? `, ${f.group}` : ''}] ${f.title}${f.target ? ` [${f.target}]` : ''}`));
        lines.push(indent(failureDetails(f, differenceLines(view.differences.get(f.id)))));
      });
    }

    const warningChecks = view.warnings.checks;
    if (warningChecks.length) {
      lines.push('');
      lines.push(paint('bold', `Warnings (${warningChecks.length}): SHOULD checks that failed; they do not fail the run (--strict makes them failures)`));
      warningChecks.forEach((w, i) => {
        lines.push('');
        const number = matrices.length ? `w${i + 1}. ` : '';
        lines.push(paint('yellow', `⚠ ${number}${w.suite} ${w.clause} [${w.level}${w.group ? `, ${w.group}` : ''}] ${w.title}${w.target ? ` [${w.target}]` : ''}`));
        lines.push(indent(failureDetails(w, differenceLines(view.differences.get(w.id)))));
      });
    }

    const acceptedChecks = view.accepted.checks;
    if (acceptedChecks.length) {
      lines.push('');
      lines.push(paint('bold', `Accepted (${acceptedChecks.length}): failed checks ${report.suppressions?.file ?? 'the suppressions file'} accepts; they do not fail the run`));
      for (const a of acceptedChecks) {
        lines.push(paint('blue', `≈ ${a.suite} ${a.clause} [${a.level}${a.group ? `, ${a.group}` : ''}] ${a.title}${a.target ? ` [${a.target}]` : ''}`));
        lines.push(indent(`${a.message ?? 'failed'}\n${acceptedWhy(a)}`));
      }
    }

    if (report.summary.blocked) {
      lines.push('');
      lines.push(paint('bold', `Blocked (${report.summary.blocked}): not run, since a clause they depend on failed`));
      for (const root of [...view.failures.roots, ...view.warnings.roots, ...view.accepted.roots].filter((r) => r.blocked.length)) {
        lines.push(`  by ${rootName(view, root)}:`);
        for (const [reason, checks] of byReason(root.blocked)) {
          lines.push(paint('dim', `    ${reason}`));
          for (const b of checks) lines.push(`      ${paint('magenta', '⊘')} ${b.suite} ${paint('cyan', b.clause)} ${b.title}${b.target ? paint('dim', ` [${b.target}]`) : ''}`);
        }
      }
    }

    if (report.uncovered.length) {
      lines.push('');
      lines.push(paint('bold', `Clauses no check covers (${report.uncovered.length})`));
      for (const u of report.uncovered) lines.push(`  ${u.suite} ${u.id} ${paint('dim', `${u.level}${u.group ? ` (${u.group})` : ''} ${u.section}: ${u.rule}`)}`);
    }

    const notes = suppressionNotes(report);
    if (notes.length) lines.push('');
    for (const n of notes) lines.push(paint(n.level === 'warning' ? 'yellow' : 'dim', n.text));
    for (const e of report.errors ?? []) lines.push(paint('red', `error: ${e}`));
    if (report.shard) {
      lines.push('');
      lines.push(paint('dim', `Shard ${report.shard.index}/${report.shard.count}: this part's checks only. \`conform report merge DIR\` over every shard's blob makes the whole run's report, uncovered clauses included.`));
    }

    // A target that answered 429 made the run wait: said, since the run took longer for it, not the checks.
    const slowed = (report.pace ?? []).map(slowedText).filter((t): t is string => t !== undefined);
    if (slowed.length) lines.push('');
    for (const line of slowed) lines.push(paint('yellow', `The run was ${line}`));

    lines.push('');
    // What the run did not judge, beside the verdict: a check skipped is no pass.
    const beside = verdictNotes(view);
    lines.push(`${paint(view.verdict === 'PASS' ? 'green' : 'red', verdictLine(view))} in ${(report.durationMs / 1000).toFixed(1)}s (seed ${report.seed})${beside ? paint('yellow', beside) : ''}`);
    for (const line of verdictDetails(view)) lines.push(paint('yellow', `  ${line}`));
    // The plain closing line CI systems read.
    lines.push(summaryLine(view));
  return lines;
}

/** Blocked checks grouped by the reason they give, in run order. */
function byReason(checks: readonly CheckResult[]): Map<string, CheckResult[]> {
  const groups = new Map<string, CheckResult[]>();
  for (const c of checks) {
    const reason = c.message ?? 'could not run';
    groups.set(reason, [...(groups.get(reason) ?? []), c]);
  }
  return groups;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => (l ? `    ${l}` : l))
    .join('\n');
}
