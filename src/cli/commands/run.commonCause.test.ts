// One cause for a flaky target, through the real CLI: against the meeting mock answering 503 to 30% of
// its requests at random (its --error-rate scenario), the report leads with that cause and its rate,
// counted from the checks' own requests, and folds the failed clauses it explains under it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { runConform, type ConformResult } from '../../testing/runConform.ts';

const dir = mkdtempSync(join(tmpdir(), 'conform-flaky-'));
let platform: MeetingPlatformServer;
let run: ConformResult;
beforeAll(async () => {
  platform = await startMeetingPlatformServer({ scenario: { errorRate: 0.3 } });
  const [account] = platform.accounts;
  run = await runConform(['run', 'meeting-platform', '--auth-url', platform.url, '--api-base-url', platform.apiBaseUrl, '--fuzz-runs', '10', '--report', `markdown=${join(dir, 'r.md')}`, '--report', `html=${join(dir, 'r.html')}`], {
    MEETING_CLIENT_ID: account!.clientId,
    MEETING_CLIENT_SECRET: account!.clientSecret,
    MEETING_ACCOUNT_ID: account!.accountId,
  });
}, 180_000);
afterAll(async () => {
  await platform?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a platform answering 503 at random: the report leads with one cause, its rate from the requests the checks sent, and the clauses it explains under it', () => {
  expect(run.exitCode, run.stdout + run.stderr).toBe(1);
  const report = run.report!;
  const [cause, ...more] = report.commonCauses ?? [];
  expect(more).toEqual([]);
  expect(cause).toMatchObject({ suite: 'meeting-platform', outcome: '503' });
  // Its counts are the checks' own: every request they sent, and those answered 503.
  const sent = report.checks.reduce((n, c) => n + (c.exchanges?.requests ?? 0), 0);
  const answered503 = report.checks.reduce((n, c) => n + (c.exchanges?.troubles?.['503'] ?? 0), 0);
  expect([cause!.requests, cause!.count]).toEqual([sent, answered503]);
  // 30% at random, give or take.
  expect(cause!.count / cause!.requests).toBeGreaterThan(0.15);
  expect(cause!.count / cause!.requests).toBeLessThan(0.45);
  expect(cause!.clauses.length).toBeGreaterThanOrEqual(2);
  const text = `${cause!.count} of ${cause!.requests} requests to ${cause!.target} answered 503, across the failures of ${cause!.clauses.length} clauses`;
  // The console leads with it, each clause it explains folded under it.
  const lead = run.stdout.slice(run.stdout.indexOf('\nRoot causes (')).split('\n').slice(1, 4);
  expect(lead[1]).toBe(`  ✗ ${text}:`);
  expect(lead[2]).toMatch(new RegExp(`^ {6}(${cause!.clauses.join('|')}) failed`));
  expect(readFileSync(join(dir, 'r.md'), 'utf8')).toContain(`### Common cause: ${text}\n`);
  expect(readFileSync(join(dir, 'r.html'), 'utf8')).toContain(`<div class="roots"><h2>Root causes</h2><ul><li class="common-cause"><b>${text}</b>`);
  // Every failure it explains met a 503 in its own requests, or sent none and judged those that did.
  for (const id of cause!.checks) {
    const check = report.checks.find((c) => c.id === id)!;
    expect(check.status).toBe('failed');
    expect(!check.exchanges || (check.exchanges.troubles?.['503'] ?? 0) > 0, id).toBe(true);
  }
});
