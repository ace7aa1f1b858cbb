import { describe, expect, test } from 'vitest';
import { budgetOf, outOfTimeText } from './defineGeneratedChecks.ts';

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
});
