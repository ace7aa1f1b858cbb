// The validation proxy in front of the meeting platform: the correct mock with a correct client is judged
// clean on both sides; broken variants (suites/meeting-platform/testing) fail, through the correct
// client's traffic, the very clauses `conform run` fails for them; faulty clients (src/client/testing)
// are caught by exactly their client clause, the deployment judged clean beside them.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import * as clients from '../client/fixtures/meetingPlatformClients.ts';
import type { RunReport } from '../verdict/RunReport.ts';
import type { MeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { brokenVariants } from '../../suites/meeting-platform/fixtures/brokenVariants.ts';
import { startVariantServer } from '../../suites/meeting-platform/fixtures/variantRuns.ts';
import { startMeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { clientLabel } from './createProxyJudge.ts';
import { startValidationProxy, type ValidationProxy } from './startValidationProxy.ts';

let opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.map((o) => o.close()));
  opened = [];
});

/** A proxy in front of `server` (its token endpoint at its URL, its API under /api), and the client options that point an app at the proxy. */
async function proxyInFront(server: MeetingPlatformServer): Promise<{ proxy: ValidationProxy; client: clients.MeetingClientOptions }> {
  const proxy = await startValidationProxy({ suite: 'meeting-platform', target: server.apiBaseUrl, authTarget: server.url });
  opened.push(proxy);
  return { proxy, client: { authUrl: proxy.url, apiBaseUrl: proxy.url, credentials: server.accounts[0]! } };
}

/** The clauses a side of the report failed (warnings included), sorted. */
function failed(report: RunReport, target: string): string[] {
  return report.checks.filter((c) => c.target === target && c.status === 'failed').map((c) => c.clause).sort();
}

function statuses(report: RunReport, target: string): Record<string, string> {
  return Object.fromEntries(report.checks.filter((c) => c.target === target).map((c) => [c.clause, c.status]));
}

/** A correct session, and one lookup of a meeting that does not exist: an error answer a correct app meets too. */
async function correctSessionWithAMiss(o: clients.MeetingClientOptions): Promise<void> {
  await clients.correctSession(o).catch(() => undefined);
  const client = new clients.MeetingClient(o);
  await (await client.meeting(1)).arrayBuffer().catch(() => undefined);
}

describe('the validation proxy in front of the meeting platform', () => {
  test('the correct mock and a correct client: both sides clean, every server clause the traffic exercised passed', async () => {
    const server = await startMeetingPlatformServer({ apiPath: '/api' });
    opened.push(server);
    const { proxy, client } = await proxyInFront(server);
    await correctSessionWithAMiss(client);
    const report = proxy.report();
    expect(failed(report, proxy.deploymentLabel)).toEqual([]);
    expect(failed(report, clientLabel)).toEqual([]);
    expect(report.target['meeting-platform']).toEqual([proxy.deploymentLabel, clientLabel]);
    const server_ = statuses(report, proxy.deploymentLabel);
    for (const clause of ['MP-TOKEN-FLOW', 'MP-TOKEN-FIELDS', 'MP-JSON-ONLY', 'MP-API-ERROR-BODY', 'MP-MEETINGS-LIST', 'MP-PAGINATION-PAGE-SIZE', 'MP-PAGINATION-EXACTLY-ONCE', 'MP-PAGINATION-TOTAL', 'MP-PAGINATION-END', 'MP-JOIN-URL', 'MP-JOIN-URL-HTTPS', 'MP-MEETING-BY-ID', 'MP-ID-ENCODING', 'MP-SPEC-RESPONSE']) {
      expect(server_[clause], clause).toBe('passed');
    }
    // The mock judges its own client, the proxy: what it received is what the app sent, so it is clean too.
    expect(server.clientReport().checks.filter((c) => c.status === 'failed').map((c) => c.clause)).toEqual([]);
  });

  // Faults a correct client's traffic shows, and the server clauses the proxy fails for each.
  const shown: Record<string, string[]> = {
    'html-api-errors': ['MP-API-ERROR-BODY', 'MP-JSON-ONLY', 'MP-SPEC-RESPONSE'],
    'duplicate-across-pages': ['MP-PAGINATION-EXACTLY-ONCE'],
    'empty-token': ['MP-SPEC-RESPONSE', 'MP-TOKEN-FIELDS', 'MP-TOKEN-FLOW'],
    'page-size-ignored': ['MP-PAGINATION-PAGE-SIZE'],
    'http-join-url': ['MP-JOIN-URL-HTTPS'],
    'single-decoding': ['MP-ID-ENCODING'],
    'plus-as-space': ['MP-ID-ENCODING'],
    'user-fields-off-spec': ['MP-SPEC-RESPONSE'],
  };
  test.for(Object.entries(shown))('%s: the proxy fails %s, as conform run does', async ([name, expected]) => {
    const variant = brokenVariants.find((v) => v.name === name)!;
    // What conform run fails for the variant (suites/meeting-platform/brokenVariants.test.ts holds it to that).
    for (const clause of expected) expect(variant.breaks).toContain(clause);
    const server = await startVariantServer(variant);
    opened.push(server);
    const { proxy, client } = await proxyInFront(server);
    await correctSessionWithAMiss(client);
    // One more call, with a token this test knows: the report names it wherever it shows it.
    const app = new clients.MeetingClient(client);
    const token = await app.token();
    await (await app.get('/users/me')).arrayBuffer();
    const report = proxy.report();
    expect(failed(report, proxy.deploymentLabel)).toEqual(expected);
    expect(JSON.stringify(report)).not.toContain(client.credentials.clientSecret);
    if (token) expect(JSON.stringify(report)).not.toContain(token);
  });

  // Faulty clients each caught by exactly their clause through the proxy; the correct mock behind it clean.
  const faulty: Array<[string, (o: clients.MeetingClientOptions) => Promise<unknown>, string, Record<string, unknown>?]> = [
    ['a token request as JSON', clients.tokenAsJson, 'MP-CLIENT-TOKEN-FORM'],
    ['client credentials in the form', clients.credentialsInForm, 'MP-CLIENT-TOKEN-BASIC'],
    ['a new token for every call', clients.tokenPerCall, 'MP-CLIENT-TOKEN-REUSE'],
    ['a UUID that starts with "/" encoded once', clients.uuidEncodedOnce, 'MP-CLIENT-ID-ENCODING'],
    ['next_page_token encoded twice', clients.pageTokenDoubleEncoded, 'MP-CLIENT-PAGE-TOKEN', { awkwardPageTokens: true }],
    ['next_page_token dropped', clients.pageTokenDropped, 'MP-CLIENT-PAGE-TOKEN'],
    ['a walk stopped early', clients.walkStoppedEarly, 'MP-CLIENT-PAGE-WALK'],
    ['a call sent again at once after a 429', clients.retryAt429, 'MP-CLIENT-RETRY-AFTER', { rateLimitPerSecond: 2 }],
    ["the first page's next_page_token sent again and again (a stale token)", clients.pageTokenStale, 'MP-CLIENT-PAGE-TOKEN'],
    ['the meeting list without /v2, a route the platform does not have', clients.listWithoutVersion, 'MP-CLIENT-ROUTE'],
  ];
  test.for(faulty)('%s: caught by %s alone, the deployment clean', async ([, run, clause, scenario]) => {
    const server = await startMeetingPlatformServer({ apiPath: '/api', ...(scenario ? { scenario } : {}) });
    opened.push(server);
    const { proxy, client } = await proxyInFront(server);
    await run(client);
    const report = proxy.report();
    expect(failed(report, clientLabel)).toEqual([clause]);
    expect(failed(report, proxy.deploymentLabel)).toEqual([]);
    // The mock behind the proxy, judging what it received, finds the same fault: the proxy relayed it as sent.
    expect(server.clientReport().checks.filter((c) => c.status === 'failed').map((c) => c.clause)).toEqual([clause]);
  });

  test('a token request at another address than {auth_url}/oauth/token is named as such, besides the bearer failure it causes', async () => {
    const server = await startMeetingPlatformServer({ apiPath: '/api' });
    opened.push(server);
    const { proxy, client } = await proxyInFront(server);
    expect(await clients.tokenAtWrongAddress(client)).toEqual([404, 401]);
    for (const report of [proxy.report(), server.clientReport()]) {
      const route = report.checks.find((c) => c.clause === 'MP-CLIENT-ROUTE' && c.status === 'failed')!;
      expect(route.finding!.groups.map((g) => g.cause)).toEqual(['a token request at another address than {auth_url}/oauth/token']);
      expect(route.finding!.groups[0]!.examples[0]!.problem).toMatch(/^the app called POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/oauth\/token, a token request at another address than \{auth_url\}\/oauth\/token: the token endpoint is POST http:\/\/127\.0\.0\.1:\d+\/oauth\/token \(answered 404\)$/);
      expect(report.checks.filter((c) => c.target !== proxy.deploymentLabel && c.status === 'failed').map((c) => c.clause).sort()).toEqual(['MP-CLIENT-BEARER', 'MP-CLIENT-ROUTE']);
    }
    expect(failed(proxy.report(), proxy.deploymentLabel)).toEqual([]);
  });

  test('a correct client retrying each request that failed (503), its next_page_token with it: no step back, both sides clean', async () => {
    const server = await startMeetingPlatformServer({ apiPath: '/api', scenario: { errorRate: 0.3 } });
    opened.push(server);
    const { proxy, client } = await proxyInFront(server);
    const walked = await clients.walkRetryingServerErrors(client);
    // The control: requests did fail and were sent again, the whole list walked.
    expect(walked.retries).toBeGreaterThan(0);
    expect(walked.meetings).toBeGreaterThan(10);
    for (const report of [proxy.report(), server.clientReport()]) {
      expect(report.checks.filter((c) => c.clause.startsWith('MP-CLIENT-PAGE')).map((c) => `${c.clause} ${c.status}`)).toEqual(['MP-CLIENT-PAGE-TOKEN passed', 'MP-CLIENT-PAGE-WALK passed', 'MP-CLIENT-PAGE-SIZE passed']);
    }
  });

  test('a platform that refuses its own next_page_token, sent back exactly as issued: the proxy fails MP-PAGINATION-EXACTLY-ONCE and names the token; the client clean', async () => {
    // The correct mock but for this: any page asked for with a next_page_token is refused as invalid.
    const refusing = () => [
      http.get(/\/v2\/users\/[^/]+\/meetings$/, ({ request }) =>
        new URL(request.url).searchParams.has('next_page_token') ? HttpResponse.json({ code: 300, message: 'The next page token is invalid or expired.' }, { status: 400 }) : undefined,
      ),
    ];
    const server = await startMeetingPlatformServer({ apiPath: '/api', prepend: refusing });
    opened.push(server);
    const { proxy, client } = await proxyInFront(server);
    await expect(new clients.MeetingClient(client).meetings()).rejects.toThrow(/the meeting list answered 400/);
    const report = proxy.report();
    expect(failed(report, proxy.deploymentLabel)).toEqual(['MP-PAGINATION-EXACTLY-ONCE']);
    const check = report.checks.find((c) => c.target === proxy.deploymentLabel && c.clause === 'MP-PAGINATION-EXACTLY-ONCE')!;
    expect(check.level).toBe('MUST');
    const example = check.finding!.groups[0]!.examples[0]!;
    expect(check.finding!.groups[0]!.cause).toBe('a next_page_token the platform issued, refused when sent back exactly as issued');
    const token = /next_page_token=([^&\s]+)/.exec(example.label)![1]!;
    expect(example.problem).toContain(`the platform refused the next_page_token "${decodeURIComponent(token)}" that page 1 of the walk gave, sent back exactly as issued with the same query`);
    expect(example.problem).toMatch(/it answered 400 code 300: The next page token is invalid or expired\.: the walk cannot reach the meetings after page 1$/);
    expect(report.summary.failed).toBeGreaterThan(0);
    // The app sent the token back as it came: no client clause failed.
    expect(failed(report, clientLabel)).toEqual([]);
  });

  test('a walk in progress is pending in the live reports, the proxy\'s and GET /__conform/client-report, never passed', async () => {
    const server = await startMeetingPlatformServer({ apiPath: '/api' });
    opened.push(server);
    const { proxy, client } = await proxyInFront(server);
    const app = new clients.MeetingClient(client);
    // Page 1, then page 2 with page 1's token: page 2's token is pending, the walk in progress.
    const first = (await (await app.get('/users/me/meetings?page_size=10')).json()) as { next_page_token: string };
    await (await app.get(`/users/me/meetings?${new URLSearchParams({ page_size: '10', next_page_token: first.next_page_token })}`)).arrayBuffer();
    const live = await fetch(`${server.url}/__conform/client-report`);
    expect(live.status).toBe(200);
    for (const report of [proxy.report({ end: false }), (await live.json()) as RunReport]) {
      const walk = report.checks.filter((c) => c.target === clientLabel && (c.clause === 'MP-CLIENT-PAGE-WALK' || c.clause === 'MP-CLIENT-PAGE-TOKEN'));
      expect(walk.map((c) => `${c.clause} ${c.status}`)).toEqual(['MP-CLIENT-PAGE-TOKEN skipped', 'MP-CLIENT-PAGE-WALK skipped']);
      for (const c of walk) expect(c.message).toMatch(/^pending: 1 walk of the meeting list in progress \(next_page_token pending\)/);
    }
    // The server side of the live view alike: the walk's meetings so far were each on one page, but its end and count are to come.
    const serverSide = proxy.report({ end: false }).checks.filter((c) => c.target === proxy.deploymentLabel && (c.clause === 'MP-PAGINATION-EXACTLY-ONCE' || c.clause === 'MP-PAGINATION-END'));
    expect(serverSide.map((c) => `${c.clause} ${c.status}`)).toEqual(['MP-PAGINATION-EXACTLY-ONCE skipped', 'MP-PAGINATION-END skipped']);
    expect(serverSide[0]!.message).toBe('pending: 1 walk of the meeting list in progress (next_page_token given, its page not asked for yet): judged as each ends (20 judged so far, none failing)');
    // Once the session is over, the walk that stopped is judged.
    const over = proxy.report();
    expect(failed(over, clientLabel)).toEqual(['MP-CLIENT-PAGE-WALK']);
    expect(statuses(over, proxy.deploymentLabel)['MP-PAGINATION-EXACTLY-ONCE']).toBe('passed');
  });
});
