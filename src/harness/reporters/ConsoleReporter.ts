import { styleText } from 'node:util';
import type { Writable } from 'node:stream';
import { clauseSections, verdictOf } from '../buildReport.ts';
import type { CheckResult, RunReport } from '../report.ts';
import { failureDetails } from './failureDetails.ts';

type Style = Parameters<typeof styleText>[0];

/**
 * The console view, always on: a line per check while the run goes (so a long run shows progress),
 * then the clause table, the failures with their evidence, the clauses no check covers, and a summary.
 */
export class ConsoleReporter {
  private readonly out: Writable;
  private readonly color: boolean;
  private readonly tty: boolean;
  private count = 0;
  /** A progress line is on screen and must be cleared before the next line. */
  private progressShown = false;

  constructor(out: Writable & { isTTY?: boolean } = process.stdout) {
    this.out = out;
    this.tty = Boolean(out.isTTY);
    this.color = this.tty && !process.env.NO_COLOR;
  }

  private paint(style: Style, text: string): string {
    return this.color ? styleText(style, text, { validateStream: false }) : text;
  }

  private write(line = ''): void {
    this.clearProgress();
    this.out.write(`${line}\n`);
  }

  private clearProgress(): void {
    if (!this.progressShown) return;
    this.out.write('\r\u001b[2K');
    this.progressShown = false;
  }

  /** A long check's progress, on one line that the next output replaces; only on a terminal. */
  progress(message: string): void {
    if (!this.tty) return;
    const width = (this.out as { columns?: number }).columns ?? 100;
    const line = message.length >= width ? `${message.slice(0, width - 2)}…` : message;
    this.out.write(`\r\u001b[2K${this.paint('dim', line)}`);
    this.progressShown = true;
  }

  start(description: string): void {
    this.write(this.paint('bold', `conform: ${description}`));
  }

  check(result: CheckResult): void {
    this.count++;
    const mark =
      result.status === 'passed' ? this.paint('green', '✓') : result.status === 'failed' ? this.paint('red', '✗') : this.paint('yellow', '-');
    const level = result.level === 'SHOULD' ? this.paint('dim', ' (SHOULD)') : '';
    const where = result.target ? this.paint('dim', ` [${result.target}]`) : '';
    this.write(`${mark} ${result.suite} ${this.paint('cyan', result.clause)} ${result.title}${level}${where} ${this.paint('dim', `${result.durationMs}ms`)}`);
  }

  summary(report: RunReport): void {
    // One width for every section, so the groups' columns line up with the ordinary clauses'.
    const sections = clauseSections(report);
    const width = Math.max(6, ...sections.flatMap((s) => s.rows).map((r) => `${r.suite} ${r.clause}`.length));
    for (const section of sections) {
      this.write();
      this.write(this.paint('bold', section.title));
      for (const r of section.rows) {
        const status = r.status === 'passed' ? this.paint('green', 'pass') : r.status === 'failed' ? this.paint('red', 'FAIL') : this.paint('yellow', 'skip');
        const counts = `${r.passed} passed${r.failed ? `, ${r.failed} failed` : ''}${r.skipped ? `, ${r.skipped} skipped` : ''}`;
        this.write(`  ${`${r.suite} ${r.clause}`.padEnd(width)}  ${r.level.padEnd(6)}  ${status}  ${this.paint('dim', counts)}`);
      }
    }

    const failures = report.checks.filter((c) => c.status === 'failed');
    if (failures.length) {
      this.write();
      this.write(this.paint('bold', `Failures (${failures.length})`));
      for (const f of failures) {
        this.write();
        this.write(this.paint('red', `✗ ${f.suite} ${f.clause} [${f.level}${f.group ? `, ${f.group}` : ''}] ${f.title}${f.target ? ` [${f.target}]` : ''}`));
        this.write(indent(failureDetails(f)));
      }
    }

    if (report.uncovered.length) {
      this.write();
      this.write(this.paint('bold', `Clauses no check covers (${report.uncovered.length})`));
      for (const u of report.uncovered) this.write(`  ${u.suite} ${u.id} ${this.paint('dim', `${u.level}${u.group ? ` (${u.group})` : ''} ${u.section}: ${u.rule}`)}`);
    }

    for (const e of report.errors ?? []) this.write(this.paint('red', `error: ${e}`));
    if (report.shard) {
      this.write();
      this.write(this.paint('dim', `Shard ${report.shard.index}/${report.shard.count}: this part's checks only. \`conform report merge DIR\` over every shard's blob makes the whole run's report, uncovered clauses included.`));
    }

    this.write();
    const verdict = verdictOf(report);
    this.write(`${this.paint(verdict === 'PASS' ? 'green' : 'red', verdict)} in ${(report.durationMs / 1000).toFixed(1)}s (seed ${report.seed})`);
    // The plain closing line CI systems read.
    this.write(`${report.summary.passed} passed, ${report.summary.failed} failed, ${report.summary.skipped} skipped`);
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => (l ? `    ${l}` : l))
    .join('\n');
}
