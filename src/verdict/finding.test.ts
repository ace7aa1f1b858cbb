import { describe, expect, test } from 'vitest';
import { evidenceCases, findingOf, reproducedCase, type CaseOutcome } from './finding.ts';

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
