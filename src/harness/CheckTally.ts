import type { CheckStatus } from './report.ts';

/** How a set of checks went (a clause's, or a clause's against one target): counts by status, and the one status that sums them up. */
export interface CheckTally {
  /** `warning`: its failed checks are SHOULD ones of a run that is not strict. */
  status: CheckStatus | 'warning';
  passed: number;
  /** Failed checks that fail the run. */
  failed: number;
  /** Failed SHOULD checks of a run that is not strict. */
  warnings: number;
  /** Failures the suppressions file accepts. */
  accepted: number;
  blocked: number;
  skipped: number;
}

export function emptyTally(): CheckTally {
  return { status: 'skipped', passed: 0, failed: 0, warnings: 0, accepted: 0, blocked: 0, skipped: 0 };
}

/**
 * Counts one check (`warning`: it is a failed SHOULD check of a run that is not strict, buildReport's
 * isWarning) and sums the tally up again: a failure over a warning, and a blocked check over anything
 * that passed or was accepted, since a set with a blocked check is not verified, however the rest went.
 */
export function countCheck(tally: CheckTally, status: CheckStatus, warning: boolean): void {
  if (warning) tally.warnings++;
  else tally[status]++;
  tally.status = tally.failed ? 'failed' : tally.warnings ? 'warning' : tally.blocked ? 'blocked' : tally.accepted ? 'accepted' : tally.passed ? 'passed' : 'skipped';
}
