// The validation proxy in front of the meeting platform: the correct mock with a correct client is judged
// clean on both sides; broken variants (suites/meeting-platform/testing) fail, through the correct
// client's traffic, the very clauses `conform run` fails for them; faulty clients (src/client/testing)
// are caught by exactly their client clause, the deployment judged clean beside them.
import { afterEach, describe, expect, test } from 'vitest';
import * as clients from '../client/fixtures/meetingPlatformClients.ts';
import type { RunReport } from '../harness/reports/RunReport.ts';
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
});
