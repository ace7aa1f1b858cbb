import { describe, expect, test } from 'vitest';
import { evidenceCases, findingFromErrors, findingOf, headlineOf, reproducedCase, type CaseOutcome } from './finding.ts';

const fail = (label: string, cause: string, extra: Partial<CaseOutcome> = {}): CaseOutcome => ({ label, problem: `${label} went wrong`, cause, ...extra });

describe('findingOf', () => {
  test('nothing failed: no finding', () => {
    expect(findingOf({ of: 'meetings', failed: 'x', cases: [{ label: 'a' }, { label: 'b' }] })).toBeUndefined();
  });

  test('one sentence with counts, groups largest first with a few examples each and their diagnosis', () => {
    const cases = [
      { label: 'ok' },
      fail('a', 'plus'),
      fail('b', 'double', { diagnosis: 'decode twice' }),
      fail('c', 'double'),
      fail('d', 'double'),
      fail('e', 'double'),
    ];
    const finding = findingOf({ of: 'meetings', failed: 'could not be fetched by UUID', rule: 'the rule', cases })!;
    expect(finding.headline).toBe('5 of 6 meetings could not be fetched by UUID');
    expect(finding).toMatchObject({ failed: 5, total: 6, rule: 'the rule' });
    expect(finding.groups.map((g) => [g.cause, g.count, g.diagnosis, g.examples.map((e) => e.label)])).toEqual([
      ['double', 4, 'decode twice', ['b', 'c', 'd']],
      ['plus', 1, undefined, ['a']],
    ]);
  });

  test('a check that reports only its counterexample counts what it tried', () => {
    const finding = findingOf({ of: 'generated requests', failed: 'got a 5xx', tried: 412, cases: [fail('POST /v1/fetch {"url":7} (seed 7, shrunk)', '500')] })!;
    expect(finding.headline).toBe('1 of 412 generated requests got a 5xx');
  });

  test('a check of one case leads with the case and what went wrong with it', () => {
    expect(findingOf({ of: 'pages', failed: 'held too much', cases: [fail('page 1', 'more meetings than page_size')] })!.headline).toBe('page 1: more meetings than page_size (page 1 went wrong)');
    expect(findingOf({ of: 'requests', failed: 'x', cases: [{ label: 'ramp of slow fetches', problem: 'no 429 with 64 in flight' }] })!.headline).toBe('ramp of slow fetches: no 429 with 64 in flight');
  });

  test('a problem that starts with its cause is not wrapped in it again', () => {
    const problem = 'no HTTP answer (no answer within 5 s); expected 200 with the fetched page';
    const finding = findingOf({ of: 'requests', failed: 'x', cases: [{ label: 'POST /v1/fetch', problem, cause: 'no HTTP answer' }] })!;
    expect(finding.headline).toBe(`POST /v1/fetch: ${problem}`);
    expect(finding.groups[0]!.cause).toBe('no HTTP answer');
  });

  test('without a cause, failing cases group by their problem', () => {
    const finding = findingOf({ of: 'requests', failed: 'failed', cases: [{ label: 'a', problem: 'got 500' }, { label: 'b', problem: 'got 500' }, { label: 'c', problem: 'got 200' }] })!;
    expect(finding.groups.map((g) => [g.cause, g.count])).toEqual([['got 500', 2], ['got 200', 1]]);
  });
});

test('evidenceCases: the first failing case of each cause, then a second of each, up to the limit', () => {
  const cases = [fail('a', 'x', { evidence: '1' }), fail('b', 'x', { evidence: '2' }), fail('b2', 'x', { evidence: '2' }), { label: 'ok', evidence: '-' }, fail('c', 'y', { evidence: '3' }), fail('d', 'z')];
  expect(evidenceCases(cases, 10).map((c) => c.label)).toEqual(['a', 'c', 'b']);
  expect(evidenceCases(cases, 2).map((c) => c.label)).toEqual(['a', 'c']);
});

// A busy machine: one case refused 429 past the retry budget before the fault showed on nine. The
// reproduction and the first evidence are the fault's, as the finding's leading cause is.
test('reproducedCase and evidenceCases lead with the most frequent cause, not the first case to fail', () => {
  const busy = fail('the first redirect', 'got 429', { evidence: '→ 429', reproduction: 'curl first' });
  const followed = ['301', '302', '303'].map((s) => fail(`a ${s}`, 'followed the redirect', { evidence: '→ 200', reproduction: `curl ${s}` }));
  const cases = [busy, ...followed];
  expect(reproducedCase(cases)?.reproduction).toBe('curl 301');
  expect(evidenceCases(cases, 10).map((c) => c.label)).toEqual(['a 301', 'the first redirect', 'a 302']);
  expect(findingOf({ of: 'requests', failed: 'x', cases })!.groups[0]!.cause).toBe('followed the redirect');
  // Among causes as frequent, the first to appear leads, as in the finding.
  expect(reproducedCase([busy, followed[0]!])?.label).toBe('the first redirect');
});

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

describe('no headline ends in a dangling colon', () => {
  const violations = 'body: the body lacks the required field "access_token" [required: access_token]\nbody: the body lacks the required field "token_type" [required: token_type]';

  test('a generated request whose answer breaks the spec (one case: the case and its problem head it)', () => {
    // What the generated checks conclude with when the first request fails, and what they gave before.
    const finding = findingOf({ of: 'generated requests for requestAccessToken', failed: 'were refused', tried: 1, cases: [{ label: 'a valid request', problem: `the answer breaks the spec:\n${violations}` }] })!;
    expect(finding.headline).toBe('a valid request: the answer breaks the spec: body: the body lacks the required field "access_token" [required: access_token] (and 1 more)');
  });

  test('a thrown message or expect.fail whose first line introduces a list', () => {
    const links = findingFromErrors([{ message: `GET /v2/users/me with the token (link CurrentUser) the answer breaks the spec:\n${violations}` }]);
    expect(links.headline).toBe('GET /v2/users/me with the token (link CurrentUser) the answer breaks the spec: body: the body lacks the required field "access_token" [required: access_token] (and 1 more)');
    expect(links.assertion).toBe(violations);
    expect(findingFromErrors([{ message: 'page 2 of page_size=7 answered 500:' }]).headline).toBe('page 2 of page_size=7 answered 500');
    expect(findingFromErrors([{ message: 'the answer breaks the spec:\n\n  status: 418 is not documented [documented status]:\n' }]).headline).toBe('the answer breaks the spec: status: 418 is not documented [documented status]');
  });

  test('headlineOf leaves a sentence alone', () => {
    expect(headlineOf('27 of 47 meetings could not be fetched by UUID')).toBe('27 of 47 meetings could not be fetched by UUID');
    expect(headlineOf('uuid "a:b": GET /v2/meetings/a%3Ab answered 404\n{"code":3001}')).toBe('uuid "a:b": GET /v2/meetings/a%3Ab answered 404');
  });
});
