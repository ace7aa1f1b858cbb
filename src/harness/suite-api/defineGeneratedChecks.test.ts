import { describe, expect, test } from 'vitest';
import { outOfTimeText, timeLeftText } from './defineGeneratedChecks.ts';
import { budgetOf, timeoutFor } from './generatedTimeoutMs.ts';

describe('a generated check out of its budget says what it judged in it, and how fast the target answered', () => {
  test('the words of a partial judgement and of none', () => {
    expect(outOfTimeText(41, 200, 85_000, 2_040)).toBe('not judged in full: judged 41 of 200 generated requests in the 85 s budget (the target answered in 2.0 s on average); none of them failed');
    expect(outOfTimeText(0, 100, 85_000, undefined)).toBe('not judged: no generated request was judged in the 85 s budget');
  });

  test('the budget leaves the request in flight its time before the check is timed out: a fifth, between 5 and 30 s', () => {
    expect(budgetOf(85_000)).toBe(68_000);
    expect(budgetOf(20_000)).toBe(15_000);
    expect(budgetOf(400_000)).toBe(370_000);
  });

  test('a budget given (--check-budget) gets the timeout whose budget it is', () => {
    for (const budget of [1000, 3000, 20_000, 68_000, 100_000, 120_000, 295_000]) expect(budgetOf(timeoutFor(budget)), String(budget)).toBeCloseTo(budget, 6);
    expect(timeoutFor(3000)).toBe(8000);
  });
});

describe("a long generated check's progress says the time left, from the pace measured so far", () => {
  test('the requests left at the pace so far, at most the budget left; nothing before a pace is known or once all are judged', () => {
    expect(timeLeftText(40, 200, 20_000, 100_000)).toBe(', about 80 s left');
    expect(timeLeftText(10, 200, 20_000, 100_000)).toBe(', about 2 min left');
    expect(timeLeftText(10, 200, 20_000, 30_000)).toBe(', about 30 s left');
    expect(timeLeftText(0, 200, 20_000, 30_000)).toBe('');
    expect(timeLeftText(5, 200, 500, 30_000)).toBe('');
    expect(timeLeftText(200, 200, 20_000, 30_000)).toBe('');
  });
});
