import { describe, expect, test } from 'vitest';
import { findingOf } from './finding.ts';
import { findingFromErrors } from './findingFromErrors.ts';
import { findingHeadline, headlineOf } from './findingHeadline.ts';

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

describe('findingHeadline', () => {
  test('counts first, in the check\'s words; a judge that kept some failing cases counts the rest too', () => {
    const failing = [{ label: 'a', problem: 'no Bearer' }, { label: 'b', problem: 'no Bearer' }];
    expect(findingHeadline({ of: 'requests', failed: 'sent no token' }, failing, 9)).toBe('2 of 9 requests sent no token');
    expect(findingHeadline({ of: 'requests', failed: 'sent no token' }, failing, 900, 312)).toBe('312 of 900 requests sent no token');
  });

  test('one case tried: the case says it', () => {
    expect(findingHeadline({ of: 'requests', failed: 'x' }, [{ label: 'the token call', problem: 'answered 500', cause: 'a 5xx' }], 1)).toBe('the token call: a 5xx (answered 500)');
  });
});
