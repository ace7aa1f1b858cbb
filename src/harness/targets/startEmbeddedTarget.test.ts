import { describe, expect, test } from 'vitest';
import { referenceLabels } from '../../verdict/referenceLabels.ts';
import { run } from '../run/run.ts';

describe('the embedded meeting-platform mock', () => {
  test('serves its API apart from the token endpoint, so a default run judges every path of MP-WRONG-ADDRESS', { timeout: 120_000 }, async () => {
    const report = await run({ suites: ['meeting-platform'], grep: 'MP-WRONG-ADDRESS', fuzzRuns: 0 });
    const [check, ...more] = report.checks.filter((c) => c.clause === 'MP-WRONG-ADDRESS');
    expect(more).toEqual([]);
    expect(check!.target).toBe(referenceLabels['meeting-platform']);
    expect(check!.status, JSON.stringify(check)).toBe('passed');
    expect(check!.notJudged).toBeUndefined();
    expect(check!.paths?.sort()).toEqual(['api-on-auth-host', 'token-on-api-host', 'token-under-api-version']);
  });
});
