import { describe, expect, test } from 'vitest';
import type { TestCase } from 'vitest/node';
import { Redactor } from '../../exchange/Redactor.ts';
import { toCheckResult } from './toCheckResult.ts';

/**
 * A finished test case as vitest's reporter hands it over, reduced to what toCheckResult reads (a stand-in:
 * vitest makes TestCase objects only inside a run, and this judges the mapping alone).
 */
function finished(result: { state: 'failed' | 'passed'; errors?: Array<{ name: string; message: string }> }, meta: Record<string, unknown> = {}): TestCase {
  const testCase = {
    name: 'MP-FUZZ-NO-5XX listMeetings: no generated request gets a 5xx',
    parent: { type: 'suite', name: 'staging' },
    options: { timeout: 85_000 },
    meta: () => ({ conformSuite: 'meeting-platform', clause: 'MP-FUZZ-NO-5XX', conformTarget: 'staging', ...meta }),
    result: () => ({ state: result.state, errors: result.errors ?? [] }),
    diagnostic: () => ({ duration: 85_000 }),
  };
  // The stand-in has the members toCheckResult reads; the rest of TestCase is vitest's business.
  return testCase as unknown as TestCase;
}

describe('a check that ran out of its time', () => {
  test('is not judged, in the user\'s words, never failed, and no runner message reaches the report', () => {
    const timedOut = { name: 'TestTimeoutError', message: 'Test timed out in 85000ms.\nIf this is a long-running test, pass a timeout value as the last argument or configure it globally with "testTimeout".' };
    const check = toCheckResult(finished({ state: 'failed', errors: [timedOut] }), new Redactor([]))!;
    expect(check.status).toBe('skipped');
    expect(check.message).toBe("not judged: the check did not finish within its 85 s, the run's budget for it: its target answered too slowly for all its requests to be judged");
    expect(JSON.stringify(check)).not.toMatch(/testTimeout|Test timed out|long-running test/);
  });

  test('a fault it found before its time ran out still fails it; so does any other error', () => {
    const finding = { headline: '1 of 37 generated requests for listMeetings got a 5xx answer', groups: [] };
    const found = toCheckResult(finished({ state: 'failed', errors: [{ name: 'TestTimeoutError', message: 'Test timed out in 85000ms.' }] }, { finding }), new Redactor([]))!;
    expect(found.status).toBe('failed');
    expect(found.message).toBe(finding.headline);
    const thrown = toCheckResult(finished({ state: 'failed', errors: [{ name: 'Error', message: 'the walk stopped early' }] }), new Redactor([]))!;
    expect(thrown.status).toBe('failed');
  });
});
