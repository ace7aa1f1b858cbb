import { styleText } from 'node:util';
import type { Writable } from 'node:stream';
import type { CheckResult, CheckStatus, SuiteMatrix, TargetPace } from '../RunReport.ts';
import { paceText, slowedText } from './paceText.ts';
import type { FindingPlace, ReportView } from '../ReportView.ts';
import { differenceLines, differenceText } from './differenceText.ts';
import { failureDetails } from './failureDetails.ts';
import { groupTitle as groupTitleOf, sectionTitle } from './groupTitle.ts';
import { summaryLine, verdictDetails, verdictNotes } from './runSummaryText.ts';
import { acceptedLead, acceptedTitle, acceptedWhy, rootCauseLead, rootCauseTitle, rootName, suppressionNotes, verdictLine, warningLead, warningTitle } from './rootCauseText.ts';

type Style = Parameters<typeof styleText>[0];

/**
 * Each status's mark in a check's line and its word in the clause table; a warning is a failed SHOULD
 * check, an accepted check a failure the suppressions file accepts.
 */
const marks: Record<CheckStatus | 'warning', { mark: string; word: string; style: Style }> = {
  passed: { mark: '✓', word: 'pass', style: 'green' },
  failed: { mark: '✗', word: 'FAIL', style: 'red' },
  warning: { mark: '⚠', word: 'warn', style: 'yellow' },
  accepted: { mark: '≈', word: 'accept', style: 'blue' },
  blocked: { mark: '⊘', word: 'blocked', style: 'magenta' },
  skipped: { mark: '-', word: 'skip', style: 'dim' },
};

/** How long a log without a terminal may stay silent while a check is at work before a progress line. */
export const logSilenceMs = 10_000;

/**
 * The console view, always on: a line per check while the run goes (so a long run shows progress),
 * then the root causes (a common cause first, with the failed clauses it explains under it; then each
 * other failed clause and what it blocked, one line each), the clause table, the failures with their
 * evidence (root causes first), the blocked checks under what blocked them, the clauses no check covers,
 * the verdict with the MUST clauses it did not judge beside it, and the summary line: the report as
 * presented once for every format (presentReport), written out.
 */
export class ConsoleReporter {
  private readonly out: Writable;
  private readonly color: boolean;
  private readonly tty: boolean;
  private count = 0;
  /** A progress line is on screen and must be cleared before the next line. */
  private progressShown = false;
  private readonly now: () => number;
  /** When the last line of any kind went out: a log without a terminal gets a progress line only after a silence. */
  private lastLineAt: number;

  constructor(out: Writable & { isTTY?: boolean } = process.stdout, now: () => number = () => performance.now()) {
    this.out = out;
    this.tty = Boolean(out.isTTY);
    this.color = this.tty && !process.env.NO_COLOR;
    this.now = now;
    this.lastLineAt = now();
  }

  private paint(style: Style, text: string): string {
    return this.color ? styleText(style, text, { validateStream: false }) : text;
  }

  private write(line = ''): void {
    this.clearProgress();
    this.out.write(`${line}\n`);
    this.lastLineAt = this.now();
  }

  private clearProgress(): void {
    if (!this.progressShown) return;
    this.out.write('\r\u001b[2K');
    this.progressShown = false;
  }

  /**
   * A long check's progress: on a terminal, one line that the next output replaces; without one (a CI
   * log), a line of its own once the log has been silent for `logSilenceMs`, so a long run is seen going.
   */
  progress(message: string): void {
    if (!this.tty) {
      if (this.now() - this.lastLineAt >= logSilenceMs) this.write(`  … ${message}`);
      return;
    }
    const width = (this.out as { columns?: number }).columns ?? 100;
    const line = message.length >= width ? `${message.slice(0, width - 2)}…` : message;
    this.out.write(`\r\u001b[2K${this.paint('dim', line)}`);
    this.progressShown = true;
  }

  /** The run's first line, then a line for each deployment given: its measured latency, and the pace and budget it is judged at. */
  start(description: string, paces: readonly TargetPace[] = []): void {
    this.write(this.paint('bold', `conform: ${description}`));
    for (const p of paces) this.write(this.paint('dim', `  ${paceText(p)}`));
  }

  check(result: CheckResult): void {
    this.count++;
    // A failed SHOULD check is a warning unless the run is strict; the summary, which knows, says which.
    const { mark, style } = marks[result.status === 'failed' && result.level === 'SHOULD' ? 'warning' : result.status];
    const level = result.level === 'SHOULD' ? this.paint('dim', ' (SHOULD)') : '';
    const where = result.target ? this.paint('dim', ` [${result.target}]`) : '';
    const by = result.blockedBy ? this.paint(style, ` blocked by ${result.blockedBy}`) : '';
    const accepted = result.status === 'accepted' ? this.paint(style, ' accepted') : '';
    this.write(`${this.paint(style, mark)} ${result.suite} ${this.paint('cyan', result.clause)} ${result.title}${level}${where} ${this.paint('dim', `${result.durationMs}ms`)}${by}${accepted}`);
  }

  /**
   * One suite's clauses (rows) against its targets (columns): a cell's word, and a failing cell the
   * number of its failure in the list below (w1 for a warning); then each failing case the reference
   * answered otherwise.
   */
  private matrix(m: SuiteMatrix, places: ReadonlyMap<string, FindingPlace>): void {
    const cellText = (cell: SuiteMatrix['rows'][number]['cells'][number]): string => {
      if (!cell) return '—';
      const place = cell.findings?.map((id) => places.get(id)).find((p) => p !== undefined);
      const number = place ? ` ${place.kind === 'warning' ? 'w' : ''}${place.index + 1}` : '';
      return `${marks[cell.status].word}${cell.status === 'failed' || cell.status === 'warning' ? number : ''}`;
    };
    const clauseWidth = Math.max(6, ...m.rows.map((r) => r.clause.length));
    const widths = m.targets.map((t, i) => Math.max(t.length, ...m.rows.map((r) => cellText(r.cells[i] ?? null).length)));
    this.write();
    this.write(this.paint('bold', `${m.suite}: clauses × targets${m.reference ? ` (compared with ${m.reference})` : ''}`));
    this.write(this.paint('dim', `  ${'clause'.padEnd(clauseWidth)}  ${'level'.padEnd(6)}  ${m.targets.map((t, i) => t.padEnd(widths[i]!)).join('  ').trimEnd()}`));
    let group: string | undefined;
    for (const r of m.rows) {
      if (r.group !== group && r.group) this.write(this.paint('bold', `  ${groupTitleOf(r.group)}`));
      group = r.group;
      // The last column unpadded: no line ends in spaces.
      const cells = r.cells.map((cell, i) => this.paint(cell ? marks[cell.status].style : 'dim', i < r.cells.length - 1 ? cellText(cell).padEnd(widths[i]!) : cellText(cell)));
      this.write(`  ${r.clause.padEnd(clauseWidth)}  ${r.level.padEnd(6)}  ${cells.join('  ')}`);
    }
    if (m.differences.length) {
      this.write(this.paint('bold', `  Where the reference answers otherwise (${m.differences.length})`));
      for (const d of m.differences) this.write(`    ${this.paint('cyan', d.clause)} [${d.target}] ${d.case}: ${differenceText(d)}`);
    }
  }

  summary(view: ReportView): void {
    const { report } = view;
    // The lead: what failed that nothing else explains, and what each failure kept from running.
    const lead = rootCauseLead(view);
    if (lead.lines.length || lead.causes.length) {
      this.write();
      this.write(this.paint('bold', `Root causes (${rootCauseTitle(view)})`));
      // A common cause first, the failed clauses it explains folded under it.
      for (const cause of lead.causes) {
        this.write(this.paint('red', `  ✗ ${cause.line}:`));
        for (const line of cause.lines) this.write(this.paint('red', `      ${line}`));
        if (cause.more) this.write(this.paint('dim', `      … and ${cause.more} more failed clause${cause.more === 1 ? '' : 's'}: see the failures below`));
      }
      for (const line of lead.lines) this.write(this.paint('red', `  ✗ ${line}`));
      if (lead.more) this.write(this.paint('dim', `  … and ${lead.more} more failed clause${lead.more === 1 ? '' : 's'}: see the failures below`));
    }
    // Then the warnings: failed SHOULD clauses, apart, since they do not fail the run.
    const warned = warningLead(view);
    if (warned.lines.length) {
      this.write();
      this.write(this.paint('bold', `Warnings (${warningTitle(view)})`));
      for (const line of warned.lines) this.write(this.paint('yellow', `  ⚠ ${line}`));
      if (warned.more) this.write(this.paint('dim', `  … and ${warned.more} more: see the warnings below`));
    }
    // Then the accepted failures, apart again: the suppressions file accepts them, with a reason each.
    const accepted = acceptedLead(view);
    if (accepted.lines.length) {
      this.write();
      this.write(this.paint('bold', `Accepted (${acceptedTitle(view)})`));
      for (const line of accepted.lines) this.write(this.paint('blue', `  ≈ ${line}`));
      if (accepted.more) this.write(this.paint('dim', `  … and ${accepted.more} more: see the accepted failures below`));
    }

    // Suites run against several targets: one matrix each, clauses by targets, a failing cell naming
    // the number of its failure below.
    const { matrices, sections } = view;
    for (const m of matrices) this.matrix(m, view.places);

    // One width for every section, so the groups' columns line up with the ordinary clauses'.
    const width = Math.max(6, ...sections.flatMap((s) => s.rows).map((r) => `${r.suite} ${r.clause}`.length));
    for (const section of sections) {
      this.write();
      this.write(this.paint('bold', sectionTitle(section.group)));
      for (const r of section.rows) {
        const { word, style } = marks[r.status];
        const counts = `${r.passed} passed${r.failed ? `, ${r.failed} failed` : ''}${r.warnings ? `, ${r.warnings} warning${r.warnings === 1 ? '' : 's'}` : ''}${r.accepted ? `, ${r.accepted} accepted` : ''}${r.blocked ? `, ${r.blocked} blocked` : ''}${r.skipped ? `, ${r.skipped} skipped` : ''}`;
        this.write(`  ${`${r.suite} ${r.clause}`.padEnd(width)}  ${r.level.padEnd(6)}  ${this.paint(style, word.padEnd(7))}  ${this.paint('dim', counts)}`);
      }
    }

    const failures = view.failures.checks;
    if (failures.length) {
      this.write();
      this.write(this.paint('bold', `Failures (${failures.length})`));
      failures.forEach((f, i) => {
        this.write();
        const number = matrices.length ? `${i + 1}. ` : '';
        this.write(this.paint('red', `✗ ${number}${f.suite} ${f.clause} [${f.level}${f.group ? `, ${f.group}` : ''}] ${f.title}${f.target ? ` [${f.target}]` : ''}`));
        this.write(indent(failureDetails(f, differenceLines(view.differences.get(f.id)))));
      });
    }

    const warningChecks = view.warnings.checks;
    if (warningChecks.length) {
      this.write();
      this.write(this.paint('bold', `Warnings (${warningChecks.length}): SHOULD checks that failed; they do not fail the run (--strict makes them failures)`));
      warningChecks.forEach((w, i) => {
        this.write();
        const number = matrices.length ? `w${i + 1}. ` : '';
        this.write(this.paint('yellow', `⚠ ${number}${w.suite} ${w.clause} [${w.level}${w.group ? `, ${w.group}` : ''}] ${w.title}${w.target ? ` [${w.target}]` : ''}`));
        this.write(indent(failureDetails(w, differenceLines(view.differences.get(w.id)))));
      });
    }

    const acceptedChecks = view.accepted.checks;
    if (acceptedChecks.length) {
      this.write();
      this.write(this.paint('bold', `Accepted (${acceptedChecks.length}): failed checks ${report.suppressions?.file ?? 'the suppressions file'} accepts; they do not fail the run`));
      for (const a of acceptedChecks) {
        this.write(this.paint('blue', `≈ ${a.suite} ${a.clause} [${a.level}${a.group ? `, ${a.group}` : ''}] ${a.title}${a.target ? ` [${a.target}]` : ''}`));
        this.write(indent(`${a.message ?? 'failed'}\n${acceptedWhy(a)}`));
      }
    }

    if (report.summary.blocked) {
      this.write();
      this.write(this.paint('bold', `Blocked (${report.summary.blocked}): not run, since a clause they depend on failed`));
      for (const root of [...view.failures.roots, ...view.warnings.roots, ...view.accepted.roots].filter((r) => r.blocked.length)) {
        this.write(`  by ${rootName(view, root)}:`);
        for (const [reason, checks] of byReason(root.blocked)) {
          this.write(this.paint('dim', `    ${reason}`));
          for (const b of checks) this.write(`      ${this.paint('magenta', '⊘')} ${b.suite} ${this.paint('cyan', b.clause)} ${b.title}${b.target ? this.paint('dim', ` [${b.target}]`) : ''}`);
        }
      }
    }

    if (report.uncovered.length) {
      this.write();
      this.write(this.paint('bold', `Clauses no check covers (${report.uncovered.length})`));
      for (const u of report.uncovered) this.write(`  ${u.suite} ${u.id} ${this.paint('dim', `${u.level}${u.group ? ` (${u.group})` : ''} ${u.section}: ${u.rule}`)}`);
    }

    const notes = suppressionNotes(report);
    if (notes.length) this.write();
    for (const n of notes) this.write(this.paint(n.level === 'warning' ? 'yellow' : 'dim', n.text));
    for (const e of report.errors ?? []) this.write(this.paint('red', `error: ${e}`));
    if (report.shard) {
      this.write();
      this.write(this.paint('dim', `Shard ${report.shard.index}/${report.shard.count}: this part's checks only. \`conform report merge DIR\` over every shard's blob makes the whole run's report, uncovered clauses included.`));
    }

    // A target that answered 429 made the run wait: said, since the run took longer for it, not the checks.
    const slowed = (report.pace ?? []).map(slowedText).filter((t): t is string => t !== undefined);
    if (slowed.length) this.write();
    for (const line of slowed) this.write(this.paint('yellow', `The run was ${line}`));

    this.write();
    // What the run did not judge, beside the verdict: a check skipped is no pass.
    const beside = verdictNotes(view);
    this.write(`${this.paint(view.verdict === 'PASS' ? 'green' : 'red', verdictLine(view))} in ${(report.durationMs / 1000).toFixed(1)}s (seed ${report.seed})${beside ? this.paint('yellow', beside) : ''}`);
    for (const line of verdictDetails(view)) this.write(this.paint('yellow', `  ${line}`));
    // The plain closing line CI systems read.
    this.write(summaryLine(view));
  }
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
