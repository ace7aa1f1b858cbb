import type { Writable } from 'node:stream';
import type { CheckResult, TargetPace } from '../verdict/RunReport.ts';
import type { ReportView } from '../verdict/ReportView.ts';
import { checkLine, inColour, plainText, renderConsole, startLines, type Paint } from '../verdict/reporters/renderConsole.ts';

/** How long a log without a terminal may stay silent while a check is at work before a progress line. */
export const logSilenceMs = 10_000;

/**
 * The console of `conform run` and the commands that judge: the lines renderConsole makes of a run (its
 * start, a line per check as it ends, the summary), written out, and the progress line of a long run,
 * which only a terminal gets redrawn in place (a log gets a line of it after a silence).
 */
export class ConsoleReporter {
  private readonly out: Writable;
  private readonly tty: boolean;
  private readonly paint: Paint;
  /** A progress line is on screen and must be cleared before the next line. */
  private progressShown = false;
  private readonly now: () => number;
  /** When the last line of any kind went out: a log without a terminal gets a progress line only after a silence. */
  private lastLineAt: number;

  constructor(out: Writable & { isTTY?: boolean } = process.stdout, now: () => number = () => performance.now()) {
    this.out = out;
    this.tty = Boolean(out.isTTY);
    this.paint = this.tty && !process.env.NO_COLOR ? inColour : plainText;
    this.now = now;
    this.lastLineAt = now();
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
   * A long run's progress: on a terminal, one line that the next output replaces; without one (a CI
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

  start(description: string, paces: readonly TargetPace[] = []): void {
    for (const line of startLines(description, paces, this.paint)) this.write(line);
  }

  check(result: CheckResult): void {
    this.write(checkLine(result, this.paint));
  }

  summary(view: ReportView): void {
    for (const line of renderConsole(view, this.paint)) this.write(line);
  }
}
