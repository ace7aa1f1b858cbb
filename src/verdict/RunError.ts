import type { RunReport } from './RunReport.ts';

/**
 * A run that could not happen or could not finish: options that contradict each other, a target that
 * cannot be reached, a suite that failed to load, no check at all. The CLI's exit code 2. When checks
 * did run, `report` holds what they found (and any requested report files were written) and `errors`
 * what kept the rest from running.
 */
export class RunError extends Error {
  readonly report?: RunReport;

  constructor(message: string, details: { report?: RunReport } = {}) {
    super(message);
    this.name = 'RunError';
    if (details.report) this.report = details.report;
  }

  // Read from the report, so the two cannot disagree.
  get errors(): string[] {
    return this.report?.errors ?? [];
  }
}

/** The error of a run whose checks did not all run (`report.errors`): the first reason, and how many more there were. */
export function couldNotRun(report: RunReport): RunError {
  const errors = report.errors ?? [];
  return new RunError(`could not run: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`, { report });
}

/** The error of a run that ran no check at all. */
export function noChecksRan(report: RunReport, grep: string | undefined): RunError {
  return new RunError(grep !== undefined ? `no check matches --grep "${grep}"` : 'no checks ran', { report });
}
