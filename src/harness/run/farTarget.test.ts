// A far deployment, scaled down (issue 37, Tests): the meeting mock answering 1 s late, judged with a
// 3 s budget per generated check, gets the verdict it gets at 0 ms: nothing failed, the generated checks
// that ran out of their budget "not judged in full" with how many they judged, in every report format;
// and the run says before its checks how fast the target answered and at what pace it is judged. Then
// requests side by side keep what depends on order, and a 429 slows the run without failing a check.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { runConform, type ConformResult } from '../../testing/runConform.ts';

let near: MeetingPlatformServer;
let far: MeetingPlatformServer;
let late: MeetingPlatformServer;
let limited: MeetingPlatformServer;
let paced: MeetingPlatformServer;
const dir = mkdtempSync(join(tmpdir(), 'conform-far-'));
beforeAll(async () => {
  [near, far, late, limited, paced] = await Promise.all([
    startMeetingPlatformServer({ host: '127.0.0.1', port: 0 }),
    startMeetingPlatformServer({ host: '127.0.0.1', port: 0, scenario: { latencyMs: 1000 } }),
    startMeetingPlatformServer({ host: '127.0.0.1', port: 0, scenario: { latencyMs: 300 } }),
    startMeetingPlatformServer({ host: '127.0.0.1', port: 0 }),
    startMeetingPlatformServer({ host: '127.0.0.1', port: 0, scenario: { latencyMs: 300 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([near, far, late, limited, paced].map((s) => s?.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** The checks --grep selected (the others are in the report, skipped). */
const selected = (r: ConformResult) => r.report!.checks.filter((c) => c.title.startsWith('listMeetings: '));

function envOf(server: MeetingPlatformServer) {
  const [account] = server.accounts;
  return { MEETING_CLIENT_ID: account!.clientId, MEETING_CLIENT_SECRET: account!.clientSecret, MEETING_ACCOUNT_ID: account!.accountId };
}

function runAgainst(server: MeetingPlatformServer, name: string, signal: AbortSignal, budgetSeconds = 3) {
  const [account] = server.accounts;
  const reports = ['junit', 'markdown', 'html'].map((format) => `${format}=${join(dir, `${name}.${format}`)}`);
  return runConform(
    // listMeetings' generated checks only: three checks, each of up to 200 requests, far more than 3 s at 1 s an answer allow.
    ['run', 'meeting-platform', '--auth-url', server.url, '--api-base-url', server.apiBaseUrl, '--check-budget', String(budgetSeconds), '--grep', 'listMeetings: ', ...reports.flatMap((r) => ['--report', r])],
    { MEETING_CLIENT_ID: account!.clientId, MEETING_CLIENT_SECRET: account!.clientSecret, MEETING_ACCOUNT_ID: account!.accountId },
    { signal },
  );
}

describe('a target 1 s late, 3 s budget per generated check', () => {
  test('passes where it passes at 0 ms, saying what it judged in the budget, in every format', { timeout: 240_000 }, async ({ signal }) => {
    // The run at 0 ms gets a budget no busy machine runs out of: what it shows is the verdict a near target gets.
    const [atZero, late] = await Promise.all([runAgainst(near, 'near', signal, 120), runAgainst(far, 'far', signal)]);
    for (const r of [atZero, late]) {
      expect(r.report, r.stderr).toBeDefined();
      expect(selected(r).map((c) => c.clause).toSorted()).toEqual(['MP-FUZZ-NEGATIVE', 'MP-FUZZ-NO-5XX', 'MP-FUZZ-POSITIVE']);
      expect(selected(r).filter((c) => c.status === 'failed' || c.status === 'blocked').map((c) => `${c.clause}: ${c.message}`)).toEqual([]);
      expect(r.exitCode, r.stdout).toBe(0);
    }
    // At 0 ms every request is judged in the budget.
    expect(selected(atZero).map((c) => c.status)).toEqual(['passed', 'passed', 'passed']);
    // 1 s late, not every one: each check is not judged in full, saying how many it judged, never failed.
    const unjudged = selected(late).filter((c) => c.status === 'skipped');
    expect(unjudged.length).toBeGreaterThan(0);
    for (const c of unjudged) expect(c.message).toMatch(/^not judged in full: judged \d+ of (100|200) generated requests in the 3 s budget \(the target answered in 1\.\d s on average\); none of them failed$/);
    const reasons = late.report!.unjudged.flatMap((u) => u.reasons).join('\n');
    for (const c of unjudged) expect(reasons).toContain(c.message!.replace(/ \(the target.*$/, ''));
    const reason = unjudged[0]!.message!.replace(/ \(the target.*$/, '');
    for (const format of ['junit', 'markdown', 'html']) expect(readFileSync(join(dir, `far.${format}`), 'utf8'), format).toContain(reason.replace('not judged in full: ', ''));
    expect(late.stdout).toContain(reason.replace(/ \(the target.*$/, ''));
    expect(late.stdout + late.stderr).not.toMatch(/testTimeout|Test timed out/);

    // Before the checks, one line: the latency the preflight measured, the budget and the pace.
    const [pace] = late.report!.pace!;
    expect(pace).toMatchObject({ suite: 'meeting-platform', checkBudgetMs: 3000, concurrency: 8 });
    expect(pace!.latencyMs).toBeGreaterThanOrEqual(1000);
    expect(pace!.samples).toBeGreaterThanOrEqual(3);
    expect(pace!.rateLimit).toBeUndefined();
    const line = late.stdout.split('\n').find((l) => l.includes('answers in'));
    expect(line).toMatch(/^ {2}meeting platform at http:\/\/127\.0\.0\.1:\d+ answers in 1\.\d s \(median of \d\); generated checks: 3\.0 s budget each; up to 8 requests side by side, no rate limit$/);
    expect(late.stdout.indexOf(line!)).toBeLessThan(late.stdout.indexOf('MP-FUZZ'));
    expect(atZero.report!.pace![0]!.latencyMs).toBeLessThan(1000);
  });
});

describe('requests side by side', () => {
  test('300 ms late, every check passes as at 0 ms: the probes go side by side, what depends on order (the pagination walks, the pages of each link walk) keeps it', { timeout: 300_000 }, async ({ signal }) => {
    const r = await runConform(['run', 'meeting-platform', '--auth-url', late.url, '--api-base-url', late.apiBaseUrl, '--fuzz-runs', '10'], envOf(late), { signal });
    expect(r.report, r.stderr).toBeDefined();
    expect(r.report!.checks.filter((c) => c.status !== 'passed').map((c) => `${c.clause}: ${c.status} ${c.message}`)).toEqual([]);
    expect(r.report!.checks.map((c) => c.clause)).toEqual(expect.arrayContaining(['MP-API-401', 'MP-FUZZ-LINKS', 'MP-PAGINATION-EXACTLY-ONCE', 'MP-PAGINATION-TOTAL']));
    expect(r.exitCode, r.stdout).toBe(0);
  });
});

describe('a 429 from the target', () => {
  test('is waited out (its Retry-After) and the request sent again: the check passes, and the run says it was slowed and by how much', { timeout: 120_000 }, async ({ signal }) => {
    // The preflight asks for a token and the current user, never a meeting: the fault waits for the checks.
    limited.mock.control.faults.add({ operation: 'getMeeting', times: 1, then: { status: 429, retryAfterSeconds: 1 } });
    const r = await runConform(['run', 'meeting-platform', '--auth-url', limited.url, '--api-base-url', limited.apiBaseUrl, '--fuzz-runs', '0', '--grep', 'MP-API-401'], envOf(limited), { signal });
    expect(r.report, r.stderr).toBeDefined();
    expect(r.report!.checks.find((c) => c.clause === 'MP-API-401')!.status).toBe('passed');
    expect(r.exitCode, r.stdout).toBe(0);
    const [pace] = r.report!.pace!;
    expect(pace!.slowed).toMatchObject({ answers: 1, retried: 1 });
    expect(pace!.slowed!.waitedMs).toBeGreaterThanOrEqual(900);
    expect(r.stdout).toMatch(/The run was slowed by 1 answer 429 from meeting platform at http:\/\/127\.0\.0\.1:\d+: 1\.\d s waited on their Retry-After, 1 request sent again\n/);
  });
});

/**
 * A counting front for a mock on loopback: every request passed through as it came, each arrival's
 * order counted (at which point of the front's clock it came, and how many were open then).
 */
async function countingFront(target: string): Promise<{ url: string; arrivals: number[]; mostOpen: () => number; close: () => Promise<void> }> {
  const arrivals: number[] = [];
  let open = 0;
  let most = 0;
  const server: Server = createServer((req, res) => {
    arrivals.push(performance.now());
    most = Math.max(most, ++open);
    res.on('close', () => open--);
    const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    mostOpen: () => most,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('checks side by side under a rate limit', () => {
  test('the whole suite, its checks and their probes side by side, never sends the target more than the rate in any second', { timeout: 300_000 }, async ({ signal }) => {
    const front = await countingFront(paced.url);
    try {
      const rate = 8;
      const r = await runConform(['run', 'meeting-platform', '--auth-url', front.url, '--api-base-url', front.url, '--fuzz-runs', '10', '--rate-limit', String(rate)], envOf(paced), { signal });
      expect(r.report, r.stderr).toBeDefined();
      expect(r.report!.checks.filter((c) => c.status !== 'passed').map((c) => `${c.clause}: ${c.status} ${c.message}`)).toEqual([]);
      // Side by side: more than one request open at the front at once (300 ms each) ...
      expect(front.mostOpen()).toBeGreaterThan(1);
      // ... and the concurrency the run chose from the rate and the latency it measured (8 x 0.3 s calls for fewer than the floor).
      expect(r.report!.pace![0]).toMatchObject({ concurrency: 8, rateLimit: rate });
      // ... yet in no second more than the rate: counted from each arrival, one over for the preflight's
      // requests, sent before the checks from another process, and one for an arrival a little late.
      const busiest = Math.max(...front.arrivals.map((t, i) => front.arrivals.slice(i).filter((u) => u - t < 1000).length));
      expect(front.arrivals.length).toBeGreaterThan(4 * rate);
      expect(busiest).toBeLessThanOrEqual(rate + 2);
    } finally {
      await front.close();
    }
  });
});
