import type { CheckStatus, CheckTally } from './RunReport.ts';

export function emptyTally(): CheckTally {
  return { status: 'skipped', passed: 0, failed: 0, warnings: 0, accepted: 0, blocked: 0, skipped: 0 };
}

/**
 * Counts one check (`warning`: it is a failed SHOULD check of a run that is not strict, rootCauses.ts's
 * isWarning) and sums the tally up again: a failure over a warning, and a blocked check over anything
 * that passed or was accepted, since a set with a blocked check is not verified, however the rest went.
 */
export function countCheck(tally: CheckTally, status: CheckStatus, warning: boolean): void {
  if (warning) tally.warnings++;
  else tally[status]++;
  tally.status = tally.failed ? 'failed' : tally.warnings ? 'warning' : tally.blocked ? 'blocked' : tally.accepted ? 'accepted' : tally.passed ? 'passed' : 'skipped';
}
