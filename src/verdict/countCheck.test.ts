import { describe, expect, test } from 'vitest';
import { countCheck, emptyTally } from './countCheck.ts';
import type { CheckStatus } from './RunReport.ts';

function tallyOf(...checks: Array<[CheckStatus, boolean?]>) {
  const tally = emptyTally();
  for (const [status, warning = false] of checks) countCheck(tally, status, warning);
  return tally;
}

describe('countCheck', () => {
  test('counts each status, a warning apart from the failures', () => {
    expect(tallyOf(['passed'], ['passed'], ['failed', true], ['skipped'])).toEqual({ status: 'warning', passed: 2, failed: 0, warnings: 1, accepted: 0, blocked: 0, skipped: 1 });
  });

  test('sums up as the worst: failed, then warning, then blocked, accepted, passed, skipped', () => {
    expect(tallyOf(['failed', true], ['failed']).status).toBe('failed');
    expect(tallyOf(['blocked'], ['failed', true]).status).toBe('warning');
    // A set with a blocked check is not verified, however the rest went.
    expect(tallyOf(['accepted'], ['blocked'], ['passed']).status).toBe('blocked');
    expect(tallyOf(['passed'], ['accepted']).status).toBe('accepted');
    expect(tallyOf(['skipped'], ['passed']).status).toBe('passed');
    expect(emptyTally().status).toBe('skipped');
  });
});
