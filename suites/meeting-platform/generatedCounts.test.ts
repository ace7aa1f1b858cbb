// The counts of one generated check agree wherever they appear: against a platform that answers 503 to
// 30% of requests (the mock's errorRate scenario), each failed generated check's headline ("1 of N
// generated requests for OP …"), its finding's total, the evidence of what was judged, how the failure
// was found, and the budget its title names read one tally.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import type { ConformResult } from '../../src/testing/runConform.ts';
import { apiPath, runAgainst } from './fixtures/variantRuns.ts';

const runs = 100;
let server: MeetingPlatformServer;
let result: ConformResult;
beforeAll(async () => {
  server = await startMeetingPlatformServer({ apiPath, scenario: { errorRate: 0.3 } });
  result = await runAgainst(server, runs, ['--grep', 'MP-FUZZ']);
}, 240_000);
afterAll(() => server?.close());

test('a flaky platform: every failed generated check states the same counts in its headline, finding, evidence and title', () => {
  expect(result.report, result.stderr).toBeDefined();
  const failed = result.report!.checks.filter((c) => c.status === 'failed' && ['MP-FUZZ-NO-5XX', 'MP-FUZZ-POSITIVE', 'MP-FUZZ-NEGATIVE'].includes(c.clause));
  expect(failed.length, result.stdout.slice(-3000)).toBeGreaterThan(0);
  for (const c of failed) {
    const op = /^(\w+): /.exec(c.title)![1]!;
    const evidence = (label: string) => c.evidence!.find((e) => e.label === label)!.text;
    const judged = new RegExp(`^(\\d+) generated requests? judged for ${op} \\((\\d+) valid, (\\d+) mutated\\), the last of them failing, then shrunk (\\d+) times?, judging (\\d+) more requests?\\. `).exec(evidence('generated'));
    expect(judged, `${c.id}: ${evidence('generated')}`).not.toBeNull();
    const [n, valid, mutated, shrinks, shrinkJudged] = judged!.slice(1).map(Number) as [number, number, number, number, number];
    expect(valid + mutated, c.id).toBe(n);
    expect(shrinkJudged, c.id).toBeGreaterThanOrEqual(shrinks);
    // The headline and the finding count the same requests, one of them failing.
    expect(c.finding, c.id).toMatchObject({ failed: 1, total: n });
    if (n > 1) expect(c.message, c.id).toMatch(new RegExp(`^1 of ${n} generated requests for ${op} `));
    expect(evidence('how it was found'), c.id).toContain(`found at the last of ${n} generated request${n === 1 ? '' : 's'} judged for ${op} (${valid} valid, ${mutated} mutated); shrunk ${shrinks} time${shrinks === 1 ? '' : 's'}, judging ${shrinkJudged} more request`);
    // The title names the budget, which no count exceeds; the mutated requests come after every valid one.
    expect(c.title, c.id).toMatch(new RegExp(`\\bup to ${runs}\\b`));
    expect(Math.max(valid, mutated), c.id).toBeLessThanOrEqual(runs);
    if (c.clause === 'MP-FUZZ-NO-5XX' && mutated > 0) expect(valid, c.id).toBe(runs);
    if (c.clause === 'MP-FUZZ-POSITIVE') expect(mutated, c.id).toBe(0);
    if (c.clause === 'MP-FUZZ-NEGATIVE') expect(valid, c.id).toBe(0);
  }
});
