import { describe, expect, test } from 'vitest';
import { describeRule, numberProblem, numberRules, parseNumber } from './numberRules.ts';

describe('number rules', () => {
  test('each rule in words', () => {
    expect(describeRule(numberRules.seed)).toBe('a whole number from 0 to 4294967295');
    expect(describeRule(numberRules.count)).toBe('a whole number of 1 or more');
    expect(describeRule(numberRules.positive)).toBe('a number above 0');
    expect(describeRule(numberRules.fromZero)).toBe('a number of 0 or more');
    expect(describeRule(numberRules.ratio)).toBe('a number from 0 to 1');
  });

  test('a seed: range, sign, size and form refused in one sentence each, the name as given', () => {
    expect(parseNumber('--seed', '7', numberRules.seed)).toBe(7);
    expect(parseNumber('--seed', '4294967295', numberRules.seed)).toBe(4294967295);
    expect(parseNumber('--seed', ' 0 ', numberRules.seed)).toBe(0);
    for (const text of ['-3', '4294967296', '99999999999999999999', '1.5', '1e3', 'seven', '']) {
      expect(numberProblem('--seed', text, numberRules.seed)).toBe(`--seed takes a whole number from 0 to 4294967295; got ${JSON.stringify(text)}`);
    }
    expect(() => parseNumber('CONFORM_SEED', '-3', numberRules.seed)).toThrow('CONFORM_SEED takes a whole number from 0 to 4294967295; got "-3"');
    // A number given as a number (run()'s options) is quoted as one.
    expect(numberProblem('seed', -3, numberRules.seed)).toBe('seed takes a whole number from 0 to 4294967295; got -3');
  });

  test('a count too large to hold exactly says so', () => {
    expect(numberProblem('--count', '99999999999999999999', numberRules.count)).toBe(
      '--count takes a whole number of 1 or more, at most 9007199254740991; got "99999999999999999999"',
    );
    expect(numberProblem('--count', '9007199254740991', numberRules.count)).toBeUndefined();
  });

  test('numbers that are not whole: above 0, 0 or more, a share', () => {
    expect(parseNumber('--headers-timeout', '0.5', numberRules.positive)).toBe(0.5);
    expect(numberProblem('--headers-timeout', '0', numberRules.positive)).toBe('--headers-timeout takes a number above 0; got "0"');
    expect(numberProblem('--rate-limit', 'Infinity', numberRules.fromZero)).toBe('--rate-limit takes a number of 0 or more; got "Infinity"');
    expect(numberProblem('--rate-limit', Number.NaN, numberRules.fromZero)).toBe('--rate-limit takes a number of 0 or more; got NaN');
    expect(parseNumber('--rate-limit', '0', numberRules.fromZero)).toBe(0);
    expect(numberProblem('--error-rate', '1.01', numberRules.ratio)).toBe('--error-rate takes a number from 0 to 1; got "1.01"');
  });

  test('a bound with a reason says it', () => {
    expect(numberProblem('--timeout-ms', '60001', numberRules.fetchTimeoutMs)).toBe(
      '--timeout-ms takes a whole number from 1 to 60000 (the seed fixes the fetch timeout at 60 s; only lower values are allowed); got "60001"',
    );
  });
});
