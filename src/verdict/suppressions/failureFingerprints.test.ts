import { describe, expect, test } from 'vitest';
import { findingOf } from '../finding.ts';
import type { CheckResult } from '../RunReport.ts';
import { failureCauses, fingerprintOf } from './failureFingerprints.ts';

/** FS-RESULT-ID-UNIQUE against a service giving one id to every result, as a run on `port` with `failing` cases words it. */
function sameIds(port: number, failing: number, extraCause?: string): CheckResult {
  const cases = Array.from({ length: 12 }, (_, i) =>
    i === 0 ? { label: 'fetch 1' } : i <= failing ? { label: `fetch ${i + 1} of http://127.0.0.1:${port}/small`, problem: `the same id as fetch 1: "fetch-1" (after ${100 + i} ms)`, cause: 'the same id as fetch 1: "fetch-1"' } : { label: `fetch ${i + 1}` },
  );
  if (extraCause) cases.push({ label: 'fetch 13', problem: extraCause, cause: extraCause });
  const finding = findingOf({ of: 'requests', failed: 'were answered against the rule', cases })!;
  return { id: 'x', suite: 'fetch-service', target: `fetch service at http://127.0.0.1:${port}`, clause: 'FS-RESULT-ID-UNIQUE', level: 'MUST', title: '12 fetches get 12 different ids', status: 'failed', durationMs: 80 + port % 7, message: finding.headline, finding };
}

describe('failureCauses', () => {
  test('the same fault found on another port, with other cases and counts, has the same fingerprints', () => {
    const [a, b] = [sameIds(41303, 11), sameIds(33481, 5)];
    expect(a.message).not.toBe(b.message);
    expect(failureCauses(a)).toEqual(failureCauses(b));
    expect(failureCauses(a)).toEqual([{ check: '12 fetches get 12 different ids', cause: 'the same id as fetch 1: "fetch-1"', fingerprint: fingerprintOf('12 fetches get 12 different ids', 'the same id as fetch 1: "fetch-1"') }]);
  });

  test('a cause of its own is a fingerprint of its own; the others stay', () => {
    const more = failureCauses(sameIds(41303, 11, 'id is a number, not a string'));
    expect(more.map((c) => c.cause)).toEqual(['the same id as fetch 1: "fetch-1"', 'id is a number, not a string']);
    expect(more[0]).toEqual(failureCauses(sameIds(1, 1))[0]);
    expect(new Set(more.map((c) => c.fingerprint)).size).toBe(2);
  });

  test("a check without grouped cases fails for its headline; ports and durations in it don't count", () => {
    const plain = (port: number, ms: number): CheckResult => ({ ...sameIds(port, 1), finding: { headline: `no answer from http://127.0.0.1:${port}/v1/fetch within ${ms} ms`, groups: [] } });
    expect(failureCauses(plain(4000, 30000))).toEqual(failureCauses(plain(5000, 29990)));
    expect(failureCauses(plain(4000, 1))[0]!.cause).toBe('no answer from http://127.0.0.1:<port>/v1/fetch within <duration>');
    // Another check of the same clause, another fingerprint.
    expect(failureCauses({ ...plain(4000, 1), title: 'another title' })[0]!.fingerprint).not.toBe(failureCauses(plain(4000, 1))[0]!.fingerprint);
  });

  test('fingerprints are 16 hex digits, and change with either part', () => {
    expect(fingerprintOf('a', 'b')).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set([fingerprintOf('a', 'b'), fingerprintOf('a', 'c'), fingerprintOf('ab', ''), fingerprintOf('', 'ab')]).size).toBe(4);
  });
});
