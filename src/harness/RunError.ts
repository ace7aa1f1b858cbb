import type { RunReport } from './report.ts';

/**
 * A run that could not happen or could not finish: options that contradict each other, a target that
 * cannot be reached, a suite that failed to load, no check at all. The CLI's exit code 2. When checks
 * did run, `report` holds what they found (and any requested report files were written) and `errors`
 * what kept the rest from running.
 */
export class RunError extends Error {
  readonly report?: RunReport;
  readonly errors: string[];

  constructor(message: string, details: { report?: RunReport; errors?: string[] } = {}) {
    super(message);
    this.name = 'RunError';
    if (details.report) this.report = details.report;
    this.errors = details.errors ?? [];
  }
}
