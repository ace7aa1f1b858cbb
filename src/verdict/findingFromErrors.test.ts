import { describe, expect, test } from 'vitest';
import { findingOf } from './finding.ts';
import { findingFromErrors } from './findingFromErrors.ts';

describe('findingFromErrors', () => {
  test("an assertion's own message is the headline; chai's words and the diff are kept apart", () => {
    const finding = findingFromErrors([{ name: 'AssertionError', message: 'GET /v2/users/me must answer 200; got 401\n{"code":124}: expected 401 to be 200 // Object.is equality', diff: '- 200\n+ 401', actual: '401', expected: '200' }]);
    expect(finding.headline).toBe('GET /v2/users/me must answer 200; got 401');
    expect(finding.assertion).toBe('{"code":124}\nexpected 401 to be 200 // Object.is equality\n\n- 200\n+ 401');
    expect(finding.groups).toEqual([]);
  });

  test('a list compared with [] never becomes the headline', () => {
    const finding = findingOf({ of: 'x', failed: 'y', cases: [] });
    expect(finding).toBeUndefined();
    const fromDiff = findingFromErrors([{ name: 'AssertionError', message: 'these pages held more: expected [ …(27) ] to deeply equal []', diff: '- []\n+ [ 27 long strings ]', actual: '[ …(27) ]', expected: '[]' }]);
    expect(fromDiff.headline).toBe('these pages held more');
    expect(fromDiff.headline).not.toContain('expected');
  });

  test('a bare boolean assertion adds nothing to its headline: no evidence', () => {
    const finding = findingFromErrors([{ name: 'AssertionError', message: 'the token response must hold a non-empty access_token string: expected false to be true // Object.is equality', diff: '- Expected\n+ Received\n\n- true\n+ false', actual: 'false', expected: 'true' }]);
    expect(finding.headline).toBe('the token response must hold a non-empty access_token string');
    expect(finding.assertion).toBeUndefined();
  });

  test('a timeout and a thrown error', () => {
    expect(findingFromErrors([{ name: 'TestTimeoutError', message: 'Test timed out in 120000ms.\nIf this is a long-running test, pass a timeout value' }], 120_000).headline).toBe('The check did not finish within 120 s');
    const thrown = findingFromErrors([{ name: 'Error', message: 'no access token to run this check with (MP-TOKEN-FLOW fails): POST … → 401\n{"reason":"Invalid client"}' }]);
    expect(thrown.headline).toBe('no access token to run this check with (MP-TOKEN-FLOW fails): POST … → 401');
    expect(thrown.assertion).toBe('{"reason":"Invalid client"}');
  });

  test("a timeout is known by the error's class and told by the test's own timeout, not by vitest's wording", () => {
    const finding = findingFromErrors([{ name: 'TestTimeoutError', message: 'the runner words it its own way' }], 90_000);
    expect(finding.headline).toBe('The check did not finish within 90 s');
    expect(finding.assertion).toBe('the runner words it its own way');
    expect(findingFromErrors([{ name: 'Error', message: 'Test timed out in 120000ms.' }], 120_000).headline).toBe('Test timed out in 120000ms.');
  });

  test("only an assertion's message is split at chai's words; a thrown error that reads alike is kept whole", () => {
    const thrown = findingFromErrors([{ name: 'Error', message: 'the walk stopped early: expected 3 pages, got 2' }]);
    expect(thrown.headline).toBe('the walk stopped early: expected 3 pages, got 2');
    expect(thrown.assertion).toBeUndefined();
  });

  test('any assertion between two booleans adds nothing to its own message, as the compared values say', () => {
    const finding = findingFromErrors([{ name: 'AssertionError', message: 'the flag must be off: expected true to deeply equal false', diff: '- false\n+ true', actual: 'true', expected: 'false' }]);
    expect(finding.headline).toBe('the flag must be off');
    expect(finding.assertion).toBeUndefined();
    const text = findingFromErrors([{ name: 'AssertionError', message: "the flag must be off: expected 'on' to be 'off'", diff: '- off\n+ on', actual: 'on', expected: 'off' }]);
    expect(text.assertion).toBe("expected 'on' to be 'off'\n\n- off\n+ on");
  });
});
