import { Writable } from 'node:stream';
import type { RunReport } from '../../RunReport.ts';
import { ConsoleReporter } from '../ConsoleReporter.ts';

/** What the console reporter prints for a run's summary (no terminal: no colour, no progress line), for tests. */
export function consoleSummary(report: RunReport): string {
  let text = '';
  const out = new Writable({ write: (chunk: Buffer, _enc, done) => ((text += chunk.toString()), done()) });
  new ConsoleReporter(out).summary(report);
  return text;
}
