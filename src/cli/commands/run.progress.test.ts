// A long run in a log (no terminal): after 10 s without a line, a line of how far the run is and the
// check at work's own progress, so a CI log shows the run going (issue 37 item 3). The target answers
// 1 s late and the generated checks get 12 s each: more than 10 s pass with no check ending.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { runConform } from '../../testing/runConform.ts';

let far: MeetingPlatformServer;
beforeAll(async () => {
  far = await startMeetingPlatformServer({ host: '127.0.0.1', port: 0, scenario: { latencyMs: 1000 } });
});
afterAll(() => far?.close());

test('a silent stretch of a run in a log gets a line: the checks judged of those collected, and the check at work', { timeout: 120_000 }, async ({ signal }) => {
  const [account] = far.accounts;
  const r = await runConform(
    ['run', 'meeting-platform', '--auth-url', far.url, '--api-base-url', far.apiBaseUrl, '--check-budget', '12', '--grep', 'listMeetings: '],
    { MEETING_CLIENT_ID: account!.clientId, MEETING_CLIENT_SECRET: account!.clientSecret, MEETING_ACCOUNT_ID: account!.accountId },
    { signal },
  );
  expect(r.report, r.stderr).toBeDefined();
  const lines = r.stdout.split('\n').filter((l) => l.startsWith('  … '));
  expect(lines.length, r.stdout).toBeGreaterThan(0);
  // The run's part: 3 checks selected by --grep, none ended yet or some; then the generated check's own words.
  expect(lines[0], r.stdout).toMatch(/^ {2}… \d of (about )?3 checks judged, (\d+ s in, estimating the time left|about .+ left) · MP-FUZZ-[A-Z0-9-]+ listMeetings: \d+\/\d+ generated requests judged/);
  // No carriage return or terminal code in a log.
  expect(r.stdout).not.toMatch(/\r|\u001b\[/);
});
