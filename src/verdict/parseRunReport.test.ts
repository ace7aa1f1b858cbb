import { describe, expect, test } from 'vitest';
import { parseRunReport } from './parseRunReport.ts';
import { diffedReports } from '../testing/diffedReports.ts';

const { after } = diffedReports();
const withCheck = (change: Record<string, unknown>) => JSON.stringify({ ...after, checks: [{ ...after.checks[0], ...change }] });

describe('parseRunReport', () => {
  test('reads back what --report json writes', () => {
    expect(parseRunReport(JSON.stringify(after))).toEqual(after);
  });

  test("an older report's missing fields take their meaning then: not strict, no uncovered clauses listed", () => {
    const { strict: _, uncovered: __, ...old } = after;
    expect(parseRunReport(JSON.stringify(old))).toMatchObject({ strict: false, uncovered: [] });
  });

  test.each<[string, string, string]>([
    ['not JSON', '{"tool":', 'is not JSON ('],
    ['JSON of something else', '{"name": "x"}', 'is not a conform report: expected the JSON report of conform run --report json=PATH'],
    ['no checks', JSON.stringify({ ...after, checks: undefined }), 'is not a conform report (no "checks" list)'],
    ['targets that are no lists', JSON.stringify({ ...after, target: { 'fetch-service': 'staging' } }), 'is not a conform report ("target" is not each suite\'s list of target labels)'],
    ['an unknown suite among the targets', JSON.stringify({ ...after, target: { fetch: [] } }), 'is not a conform report ("target"'],
    ['a check that is no object', JSON.stringify({ ...after, checks: [7] }), 'is not a conform report: check 1 is not an object'],
    ['a check without a clause', withCheck({ clause: undefined }), 'is not a conform report: check 1 has no "clause" string'],
    ['a check of an unknown suite', withCheck({ suite: 'records' }), 'is not a conform report: check 1 names no suite conform knows ("records")'],
    ['a check of another level', withCheck({ level: 'MAY' }), 'is not a conform report: check 1 has level "MAY", not MUST or SHOULD'],
    ['a check of another status', withCheck({ status: 'ok' }), 'is not a conform report: check 1 has status "ok", not one of passed, failed, accepted, blocked, skipped'],
  ])('refuses %s in one line', (_, text, message) => {
    let error: Error | undefined;
    try {
      parseRunReport(text);
    } catch (err) {
      error = err as Error;
    }
    expect(error?.message.startsWith(message), error?.message).toBe(true);
    expect(error!.message).not.toContain('\n');
  });
});
