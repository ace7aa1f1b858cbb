import { describe, expect, test } from 'vitest';
import { buildReport } from './buildReport.ts';
import { failuresInOrder } from './rootCauses.ts';
import { commonCauses } from './commonCauses.ts';
import type { ExchangeOutcomes } from '../exchange/exchangeOutcomes.ts';
import { outcomeOf } from '../exchange/exchangeOutcomes.ts';
import type { CheckResult } from './RunReport.ts';
import { checkResult } from '../testing/checkResult.ts';

const suite = 'meeting-platform';
const sent = (requests: number, troubles: Record<string, number> = {}): ExchangeOutcomes => ({ requests, ...(Object.keys(troubles).length ? { troubles } : {}) });
const mp = (clause: string, status: CheckResult['status'], exchanges: ExchangeOutcomes | undefined, message = `${clause} went wrong`, extra: Partial<CheckResult> = {}) =>
  checkResult(clause, status, { suite, target: 'staging', title: clause.toLowerCase(), message, ...(exchanges ? { exchanges } : {}), ...extra });
const causesOf = (checks: CheckResult[]) => {
  const report = buildReport({ version: '0', suites: [suite], seed: 7, strict: false, startedAt: new Date(0), durationMs: 1, checks, filtered: true });
  return commonCauses(report.checks, failuresInOrder(report));
};

// A platform answering 503 to a third of its requests: 31 of 104, met by the failures of four clauses.
const flaky = [
  mp('MP-ME-200', 'failed', sent(4, { 503: 1 }), '1 of 4 requests for the current user did not answer 200 JSON with the current user', { finding: { headline: '1 of 4 …', groups: [{ cause: 'HTTP 503 instead of 200', count: 1, examples: [] }] } }),
  mp('MP-MEETING-BY-ID', 'failed', sent(10, { 503: 6 }), '6 of 10 meetings could not be fetched by their numeric id', { evidence: [{ label: 'meeting 1', text: 'GET /v2/meetings/92863232238 → 503 application/json' }] }),
  mp('MP-API-401', 'failed', sent(6, { 503: 3 }), '3 of 6 requests without a valid token were not refused with 401: HTTP 503 instead of 401'),
  // Judges the others' answers, sending none: explained by what it says.
  mp('MP-SPEC-RESPONSE', 'failed', undefined, '12 of 31 answers are not ones the spec documents: getMeeting → 503'),
  mp('MP-JOIN-URL', 'passed', sent(60, { 503: 18 })),
  // Met 503 too, but fails for what it saw in a 200: not explained by the 503.
  mp('MP-PAGINATION-TOTAL', 'failed', sent(24, { 503: 3 }), 'total_records changed from 47 to 46 between pages'),
];

describe('commonCauses', () => {
  test('a 5xx met by a share of the requests and shown by failures of several clauses is their common cause, with its rate', () => {
    expect(causesOf(flaky)).toEqual([
      {
        suite,
        target: 'staging',
        outcome: '503',
        count: 31,
        requests: 104,
        checks: ['MP-ME-200', 'MP-MEETING-BY-ID', 'MP-API-401', 'MP-SPEC-RESPONSE'].map((c) => `${suite} › staging › ${c} ${c.toLowerCase()}`),
        clauses: ['MP-ME-200', 'MP-MEETING-BY-ID', 'MP-API-401', 'MP-SPEC-RESPONSE'],
      },
    ]);
  });

  test('none where the evidence does not show one', () => {
    // A failure whose own requests never met the outcome is not explained by it, whatever it says.
    const unmet = flaky.map((c) => (c.exchanges?.troubles ? { ...c, exchanges: sent(c.exchanges.requests) } : c)).map((c) => (c.clause === 'MP-JOIN-URL' ? { ...c, exchanges: sent(60, { 503: 31 }) } : c));
    expect(causesOf(unmet)).toEqual([]);
    // Failures of one clause only share nothing.
    expect(causesOf(flaky.filter((c) => c.clause === 'MP-MEETING-BY-ID' || c.clause === 'MP-JOIN-URL'))).toEqual([]);
    // Under 5% of the requests: no common cause, however many clauses met it.
    const rare = flaky.map((c) => (c.clause === 'MP-JOIN-URL' ? { ...c, exchanges: sent(1000) } : c));
    expect(causesOf(rare)).toEqual([]);
    // The fetch service answers 502 and 504 for an origin at fault, on purpose: no cause of its own.
    const provoked = flaky.map((c) => ({ ...c, suite: 'fetch-service' as const, message: c.message?.replace('503', '502'), exchanges: c.exchanges?.troubles ? { ...c.exchanges, troubles: { 502: c.exchanges.troubles['503']! } } : c.exchanges }));
    expect(causesOf(provoked)).toEqual([]);
  });

  test('no answer, for one reason, is a cause too; its words are the reason', () => {
    const reset = outcomeOf({ noAnswer: 'the connection closed before a complete answer (other side closed)' });
    expect(reset).toBe('no answer: the connection closed before a complete answer');
    expect(outcomeOf({ noAnswer: 'ECONNRESET: read ECONNRESET' })).toBe('no answer: ECONNRESET');
    expect([outcomeOf({ status: 503 }), outcomeOf({ status: 404 })]).toEqual(['503', undefined]);
    const checks = [
      mp('MP-ME-200', 'failed', sent(4, { [reset!]: 2 }), 'GET /v2/users/me: no HTTP answer: the connection closed before a complete answer (other side closed)'),
      mp('MP-MEETINGS-LIST', 'failed', sent(4, { [reset!]: 1 }), 'page 2: no HTTP answer: the connection closed before a complete answer (other side closed)'),
      mp('MP-JOIN-URL', 'passed', sent(12)),
    ];
    expect(causesOf(checks).map((c) => [c.outcome, c.count, c.requests, c.clauses])).toEqual([[reset, 3, 20, ['MP-ME-200', 'MP-MEETINGS-LIST']]]);
  });
});
