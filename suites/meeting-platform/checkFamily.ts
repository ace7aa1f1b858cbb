import { AsyncLocalStorage } from 'node:async_hooks';
import type { Check } from '../../src/harness/suite-api/check.ts';

/**
 * The families of the suite's checks, each a lane of meetingPlatform.suite.ts: the token checks, the
 * current user's, the API's and the meeting list's. Side by side, each family keeps what it had when it
 * was a suite file of its own: its platform session (its own token, its own walk: a check of one family
 * never takes the request another's check counts on, the second call with a token, say) and its log of
 * answers, which MP-SPEC-RESPONSE judges apart.
 */
export const checkFamilies = {
  token: 'the token checks',
  'users-me': 'the current-user checks',
  'api-errors': 'the API checks',
  meetings: 'the meeting-list checks',
} as const;

export type CheckFamily = keyof typeof checkFamilies;

const running = new AsyncLocalStorage<CheckFamily>();

/** `check` whose checks run as `family`'s: what they send and share is told apart by the check, not by when it went. */
export function inFamily(family: CheckFamily, check: Check): Check {
  return (clause, title, fn, options) => check(clause, title, (ctx) => running.run(family, () => fn(ctx)), options);
}

/** The family of the check whose code is running; undefined outside one (the generated checks). */
export function runningFamily(): CheckFamily | undefined {
  return running.getStore();
}
