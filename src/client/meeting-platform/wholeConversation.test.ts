// The mock judges the whole conversation with its client, over its node:http server and through its msw
// handlers: a next_page_token sent again once its page came (a stale token) and a request to a route the
// platform does not have are client failures, named with what the app meant; a retry of a request that
// failed is none.
import { afterEach, describe, expect, test } from 'vitest';
import { failedClauses, judgedMeetingMock, type JudgedMeetingMock } from '../../../mocks/meeting-platform/fixtures/judgedMeetingMock.ts';
import * as clients from '../fixtures/meetingPlatformClients.ts';

let mock: JudgedMeetingMock | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

describe.each(['node', 'msw'] as const)('the meeting-platform mock judges the whole conversation (%s)', (adapter) => {
  test("the first page's next_page_token sent again and again fails MP-CLIENT-PAGE-TOKEN (MUST) alone, once per repeat", async () => {
    mock = await judgedMeetingMock(adapter);
    const meetings = await clients.pageTokenStale(mock.client);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-PAGE-TOKEN']);
    const check = report.checks.find((c) => c.clause === 'MP-CLIENT-PAGE-TOKEN')!;
    expect(check.level).toBe('MUST');
    // Every request after the first with the token repeats page 2: each is a stale token.
    const repeats = Math.ceil(meetings / 10) - 2;
    expect(check.finding!.groups).toMatchObject([{ cause: "a stale next_page_token: an earlier page asked for again while a later page's token was pending", count: repeats }]);
    expect(check.finding!.groups[0]!.examples[0]!.problem).toMatch(/^sent again the next_page_token that request #\d+ returned, which request #\d+ had already followed to the next page: this asks for the page it had already got/);
  });

  test('a walk that sends each failed request again (503), the same next_page_token with it, is clean', async () => {
    mock = await judgedMeetingMock(adapter, { errorRate: 0.3 });
    const walked = await clients.walkRetryingServerErrors(mock.client);
    expect(walked.retries).toBeGreaterThan(0);
    expect(failedClauses(mock.clientReport())).toEqual([]);
  });

  test('the meeting list without /v2 fails MP-CLIENT-ROUTE alone, naming the operation meant', async () => {
    mock = await judgedMeetingMock(adapter);
    expect(await clients.listWithoutVersion(mock.client)).toBe(404);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-ROUTE']);
    const { apiBaseUrl } = mock.client;
    expect(report.checks.find((c) => c.clause === 'MP-CLIENT-ROUTE')!.finding!.groups[0]!.examples[0]!.problem).toBe(
      `the app called GET ${new URL(apiBaseUrl).origin}${new URL(apiBaseUrl).pathname.replace(/\/+$/, '')}/users/me/meetings; the meeting list is GET ${apiBaseUrl}/v2/users/me/meetings (without the /v2 prefix the API version is carried in) (answered 404)`,
    );
  });

  test('a token request at another address than {auth_url}/oauth/token is named as such, besides the bearer failure it causes', async () => {
    mock = await judgedMeetingMock(adapter);
    expect(await clients.tokenAtWrongAddress(mock.client)).toEqual([404, 401]);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-ROUTE', 'MP-CLIENT-BEARER']);
    expect(report.checks.find((c) => c.clause === 'MP-CLIENT-ROUTE')!.finding!.groups[0]!.cause).toBe('a token request at another address than {auth_url}/oauth/token');
  });
});
