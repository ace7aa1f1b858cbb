// The fetch-service mock judges its client: clients written apart from it (src/client/fixtures), one
// correct and the others each with one fault, talk to it over its node:http server and through its msw
// handlers; its client report fails exactly the clause each fault breaks, and the correct client is clean.
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, test } from 'vitest';
import { expectCleanClient } from '../../src/client/expectCleanClient.ts';
import * as clients from '../../src/client/fixtures/fetchServiceClients.ts';
import type { RunReport } from '../../src/verdict/RunReport.ts';
import { manualClock } from '../meeting-platform/clock.ts';
import { failedClauses } from '../meeting-platform/fixtures/judgedMeetingMock.ts';
import { createFetchServiceMock } from './createFetchServiceMock.ts';
import { startFetchServiceMock } from './startFetchServiceMock.ts';

const apiKey = 'fetch-client-key-never-shown';

interface Judged {
  client: clients.FetchClientOptions;
  clientReport(): RunReport;
  close(): Promise<void>;
}

let mock: Judged | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

/** The mock on a manual clock (the client waits by moving it), over node:http or as msw handlers in this process. */
async function judgedFetchMock(adapter: 'node' | 'msw'): Promise<Judged> {
  const clock = manualClock();
  const wait = async (ms: number) => clock.advance(ms);
  if (adapter === 'node') {
    const server = await startFetchServiceMock({ apiKeys: [apiKey], clock });
    return { client: { baseUrl: server.url, apiKey, wait }, clientReport: () => server.clientReport(), close: server.close };
  }
  const created = createFetchServiceMock({ apiKeys: [apiKey], clock });
  const msw = setupServer(...created.handlers);
  msw.listen({ onUnhandledFrame: 'error' });
  return { client: { baseUrl: created.baseUrl, apiKey, wait }, clientReport: () => created.clientReport(), close: async () => msw.close() };
}

function check(report: RunReport, clause: string) {
  return report.checks.find((c) => c.clause === clause)!;
}

describe.each(['node', 'msw'] as const)('the fetch-service mock judges its client (%s)', (adapter) => {
  test('a correct client is judged clean, on every path of every client clause', async () => {
    mock = await judgedFetchMock(adapter);
    expect(await clients.correctFetches(mock.client)).toEqual([200, 200, 200, 200, 429, 429]);
    expect(await clients.changedAfterRefusals(mock.client)).toEqual([400, 502, 200]);
    expect(await clients.readsInstructionsAsData(mock.client)).toEqual([200, 200]);
    const report = expectCleanClient(mock);
    expect(report.checks.flatMap((c) => (c.notJudged ?? []).map((n) => `${c.clause} ${n.path}: ${n.reason}`))).toEqual([]);
    expect(report.summary).toMatchObject({ passed: 8, failed: 0, warnings: 0, skipped: 0 });
  });

  test('the key missing on one call fails FS-CLIENT-KEY alone', async () => {
    mock = await judgedFetchMock(adapter);
    expect(await clients.keyMissingOnce(mock.client)).toEqual([200, 401, 200]);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['FS-CLIENT-KEY']);
    expect(check(report, 'FS-CLIENT-KEY').message).toBe('1 of 3 requests did not carry the issued key in X-SVC-API-Key');
    // The key of the other requests is named by its variable, never shown.
    expect(JSON.stringify(report)).not.toContain(apiKey);
    expect(JSON.stringify(report)).toContain('$SVC_API_KEY');
  });

  test('a string where a boolean is due fails FS-CLIENT-OPTIONS alone', async () => {
    mock = await judgedFetchMock(adapter);
    expect(await clients.stringForBoolean(mock.client)).toBe(400);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['FS-CLIENT-OPTIONS']);
    expect(check(report, 'FS-CLIENT-OPTIONS').finding!.groups[0]!.examples[0]!.problem).toBe('allowRedirects was "true", not a boolean');
  });

  test('allowInsecureSsl with a loopback URL fails FS-CLIENT-INSECURE-PRIVATE alone', async () => {
    mock = await judgedFetchMock(adapter);
    expect(await clients.insecureLoopback(mock.client)).toBe(400);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['FS-CLIENT-INSECURE-PRIVATE']);
    expect(check(report, 'FS-CLIENT-INSECURE-PRIVATE').message).toMatch(/allowInsecureSsl true with 127\.0\.0\.1:8443, an address in the loopback range\)$/);
  });

  test('a fetch sent again at once after a 429 fails FS-CLIENT-RETRY-AFTER (SHOULD) alone', async () => {
    mock = await judgedFetchMock(adapter);
    expect(await clients.retryAt429(mock.client)).toEqual([429, 429]);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['FS-CLIENT-RETRY-AFTER']);
    expect(check(report, 'FS-CLIENT-RETRY-AFTER').level).toBe('SHOULD');
    expect(check(report, 'FS-CLIENT-RETRY-AFTER').message).toMatch(/sent again 0 ms after the 429 of request #1, whose Retry-After \(1\) asked for 1000 ms/);
  });

  test('a fetch sent again at once after a 429 without Retry-After fails FS-CLIENT-RETRY-AFTER (SHOULD) alone; sent again once another fetch was answered, it passes', async () => {
    mock = await judgedFetchMock(adapter);
    expect(await clients.retryAtOnceWithoutRetryAfter(mock.client)).toEqual([429, 429]);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['FS-CLIENT-RETRY-AFTER']);
    const retry = check(report, 'FS-CLIENT-RETRY-AFTER');
    expect([retry.level, retry.paths]).toEqual(['SHOULD', ['after-429-without-retry-after']]);
    expect(retry.finding!.groups[0]!.examples[0]!.problem).toBe('sent again 0 ms after the 429 of request #1, which named no Retry-After, with no other request answered in between: neither a wait nor fewer requests in flight');
    expect(retry.finding!.groups[0]!.diagnosis).toMatch(/Wait and retry, or reduce concurrency/);
    await mock.close();
    mock = await judgedFetchMock(adapter);
    expect(await clients.retryAfterAnotherAnswered(mock.client)).toEqual([429, 200, 429]);
    const freed = mock.clientReport();
    expect(failedClauses(freed)).toEqual([]);
    expect(check(freed, 'FS-CLIENT-RETRY-AFTER').status).toBe('passed');
  });

  test('an agent that fetches the URL a fetched page told it to fails FS-CLIENT-UNTRUSTED-CONTENT alone', async () => {
    mock = await judgedFetchMock(adapter);
    expect(await clients.obeysInstructions(mock.client)).toEqual([200, 200]);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['FS-CLIENT-UNTRUSTED-CONTENT']);
    const obeyed = check(report, 'FS-CLIENT-UNTRUSTED-CONTENT');
    expect([obeyed.level, obeyed.paths]).toEqual(['MUST', ['after-instructions']]);
    expect(obeyed.finding!.groups[0]!.examples[0]!.problem).toMatch(/^fetched https:\/\/canary\.conform\.invalid\/[0-9a-f]{16}, the URL that the content answered to request #1 told its reader to fetch/);
  });

  test('an oversize page (502) asked for again unchanged fails FS-CLIENT-NO-UNCHANGED-RESEND (SHOULD) alone', async () => {
    mock = await judgedFetchMock(adapter);
    expect(await clients.resendAfter502(mock.client)).toEqual([502, 502]);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['FS-CLIENT-NO-UNCHANGED-RESEND']);
    const resend = check(report, 'FS-CLIENT-NO-UNCHANGED-RESEND');
    expect([resend.level, resend.paths]).toEqual(['SHOULD', ['after-502']]);
    expect(resend.finding!.groups[0]!.examples[0]!.problem).toBe('the fetch of request #1, answered 502, was sent again unchanged: the same request gets the same answer');
    expect(resend.finding!.groups[0]!.diagnosis).toMatch(/fetch a more specific URL/);
  });

  test('the status host\'s TLS 502 asked for again unchanged fails FS-CLIENT-NO-UNCHANGED-RESEND; its oversize 502 followed by another fetch passes it', async () => {
    mock = await judgedFetchMock(adapter);
    expect(await clients.resendAfterTls502(mock.client)).toEqual([502, 502]);
    const resent = mock.clientReport();
    expect(failedClauses(resent)).toEqual(['FS-CLIENT-NO-UNCHANGED-RESEND']);
    expect(check(resent, 'FS-CLIENT-NO-UNCHANGED-RESEND').finding!.groups[0]!.examples[0]!.problem).toBe('the fetch of request #1, answered 502, was sent again unchanged: the same request gets the same answer');
    await mock.close();
    mock = await judgedFetchMock(adapter);
    expect(await clients.changesCourseAfterSize502(mock.client)).toEqual([502, 200]);
    const changed = mock.clientReport();
    expect(failedClauses(changed)).toEqual([]);
    expect(check(changed, 'FS-CLIENT-NO-UNCHANGED-RESEND').status).toBe('passed');
  });
});

test('a report says what it did not judge: no traffic, every clause skipped with why', async () => {
  mock = await judgedFetchMock('node');
  const report = mock.clientReport();
  expect(report.checks.map((c) => [c.clause, c.status, c.message])).toEqual([
    ['FS-CLIENT-KEY', 'skipped', 'not judged: no request exercised it'],
    ['FS-CLIENT-ROUTE', 'skipped', 'not judged: no request exercised it'],
    ['FS-CLIENT-JSON-BODY', 'skipped', 'not judged: no request exercised it'],
    ['FS-CLIENT-OPTIONS', 'skipped', 'not judged: no request exercised it'],
    ['FS-CLIENT-INSECURE-PRIVATE', 'skipped', 'not judged: no request exercised it'],
    ['FS-CLIENT-RETRY-AFTER', 'skipped', 'not judged: no request exercised it'],
    ['FS-CLIENT-NO-UNCHANGED-RESEND', 'skipped', 'not judged: no request exercised it'],
    ['FS-CLIENT-UNTRUSTED-CONTENT', 'skipped', 'not judged: no request exercised it'],
  ]);
  expect(report.unjudged.map((u) => u.clause)).toEqual(['FS-CLIENT-KEY', 'FS-CLIENT-ROUTE', 'FS-CLIENT-JSON-BODY', 'FS-CLIENT-OPTIONS', 'FS-CLIENT-INSECURE-PRIVATE', 'FS-CLIENT-UNTRUSTED-CONTENT']);
});
