import { expect, test } from 'vitest';
import type { CheckResult, TargetPace } from '../../verdict/RunReport.ts';
import { withThrottling } from './withThrottling.ts';

const pace = (target: string): TargetPace => ({ suite: 'meeting-platform', target, samples: 4, latencyMs: 2000, concurrency: 8 });
const check = (target: string, throttled?: { answers: number; waitedMs: number; retried: number }) =>
  ({ suite: 'meeting-platform', target, exchanges: { requests: 5, ...(throttled ? { throttled } : {}) } }) as CheckResult;

test("each target's 429s summed over its own checks; a target without any is not slowed", () => {
  const paces = withThrottling([pace('a'), pace('b')], [check('a', { answers: 2, waitedMs: 1500.4, retried: 2 }), check('a', { answers: 1, waitedMs: 1000, retried: 1 }), check('b'), check('c', { answers: 9, waitedMs: 9, retried: 9 })]);
  expect(paces[0]!.slowed).toEqual({ answers: 3, waitedMs: 2500, retried: 3 });
  expect(paces[1]).toEqual(pace('b'));
});
