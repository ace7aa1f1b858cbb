// The mock judges its client: clients written apart from it (src/client/fixtures), one correct and the
// others each with one fault, talk to it over its node:http server and through its msw handlers; its
// client report fails exactly the clause each fault breaks, and the correct client is judged clean.
import { afterEach, describe, expect, test } from 'vitest';
import { expectCleanClient } from '../../src/client/expectCleanClient.ts';
import * as clients from '../../src/client/fixtures/meetingPlatformClients.ts';
import { loadPathMatrix } from '../../src/catalogue/pathMatrix.ts';
import { failedClauses, judgedMeetingMock, type ClientAdapter, type JudgedMeetingMock } from './fixtures/judgedMeetingMock.ts';

let mock: JudgedMeetingMock | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const adapters: ClientAdapter[] = ['node', 'msw'];

describe.each(adapters)('the meeting-platform mock judges its client (%s)', (adapter) => {
  test('a correct client is judged clean, on every path of every client clause', async () => {
    // A rate limit makes 429s to wait out; awkward page tokens make the encoding of next_page_token count.
    mock = await judgedMeetingMock(adapter, { rateLimitPerSecond: 5, awkwardPageTokens: true });
    await clients.correctSession(mock.client);
    // An hour on, the token is near its end: the client asks for a new one, as it should.
    mock.clock.advance(3_550_000);
    await new clients.MeetingClient(mock.client).me();
    const client = new clients.MeetingClient(mock.client);
    await client.me();
    mock.clock.advance(3_550_000);
    await client.me();
    const report = expectCleanClient(mock);
    const paths = loadPathMatrix('meeting-platform')!.clauses;
    const notJudged = report.checks.flatMap((c) => (c.notJudged ?? []).map((n) => `${c.clause} ${n.path}: ${n.reason}`));
    const restartOnly = notJudged.filter((n) => !n.startsWith('MP-CLIENT-PAGE-TOKEN restart'));
    expect(restartOnly).toEqual([]);
    expect(report.checks.map((c) => c.clause).sort()).toEqual(Object.keys(paths).filter((c) => c.includes('-CLIENT-')).sort());
    expect(report.summary).toMatchObject({ failed: 0, warnings: 0, skipped: 0 });
  });

  test('a token request as JSON fails MP-CLIENT-TOKEN-FORM alone, saying the platform reads a form', async () => {
    mock = await judgedMeetingMock(adapter);
    expect(await clients.tokenAsJson(mock.client)).toBe(400);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-TOKEN-FORM']);
    expect(report.checks.find((c) => c.clause === 'MP-CLIENT-TOKEN-FORM')!.message).toMatch(/sent as JSON \(Content-Type application\/json\): the platform reads a form body/);
  });

  test('client credentials in the form instead of HTTP Basic fail MP-CLIENT-TOKEN-BASIC alone', async () => {
    mock = await judgedMeetingMock(adapter);
    await clients.credentialsInForm(mock.client);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-TOKEN-BASIC']);
    const check = report.checks.find((c) => c.clause === 'MP-CLIENT-TOKEN-BASIC')!;
    expect(check.message).toMatch(/client credentials were sent as fields/);
    // The secret sent as a field is named by its variable wherever the report shows the request.
    expect(JSON.stringify(report)).not.toContain(mock.client.credentials.clientSecret);
    expect(check.reproduction).toContain('client_secret=$MEETING_CLIENT_SECRET');
  });

  test('a new token for every call fails MP-CLIENT-TOKEN-REUSE (SHOULD) alone', async () => {
    mock = await judgedMeetingMock(adapter);
    await clients.tokenPerCall(mock.client);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-TOKEN-REUSE']);
    const check = report.checks.find((c) => c.clause === 'MP-CLIENT-TOKEN-REUSE')!;
    expect(check.level).toBe('SHOULD');
    expect(check.finding!.failed).toBe(3);
    expect(check.finding!.groups[0]!.examples[0]!.problem).toMatch(/requested a new access token 0 s after the previous one, which was valid for 60 more minutes and never used again/);
    // A SHOULD finding: the MUST level passes.
    expect(() => expectCleanClient(mock!, { level: 'MUST' })).not.toThrow();
    expect(() => expectCleanClient(mock!)).toThrow(/MP-CLIENT-TOKEN-REUSE \(SHOULD\)/);
  });

  test('one early new token, as a restarted app takes, is no finding; a token the old process still uses is none either', async () => {
    mock = await judgedMeetingMock(adapter);
    const first = new clients.MeetingClient(mock.client);
    await first.me();
    // Restarted: a new process, a new token, the old one never used again.
    await new clients.MeetingClient(mock.client).me();
    expect(failedClauses(mock.clientReport())).toEqual([]);
    // A second process beside the first: both tokens in use.
    const second = new clients.MeetingClient(mock.client);
    await second.me();
    await first.me();
    await second.me();
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual([]);
    expect(report.checks.find((c) => c.clause === 'MP-CLIENT-TOKEN-REUSE')!.paths?.sort()).toEqual(['later-token', 'reuse']);
  });

  test('a UUID that starts with "/" encoded once fails MP-CLIENT-ID-ENCODING alone, with the encoding it needs', async () => {
    mock = await judgedMeetingMock(adapter);
    expect(await clients.uuidEncodedOnce(mock.client)).toBe(404);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-ID-ENCODING']);
    const check = report.checks.find((c) => c.clause === 'MP-CLIENT-ID-ENCODING')!;
    expect(check.message).toMatch(/this UUID starts with "\/"; the platform decodes a path once, so it must be encoded twice: %252F\S+%253D%253D \(the platform read "[^"/]+==" and answered 404 code 3001\)/);
    expect(check.paths).toEqual(['leading-slash']);
    // The reproduction gets a token first, then sends the request as the client did.
    expect(check.reproduction).toMatch(/^ACCESS_TOKEN=\$\(curl [^\n]+\ncurl -sS -i -X GET '[^']+\/v2\/meetings\/%2F[^']+%3D%3D'[^\n]* -H "authorization: Bearer \$ACCESS_TOKEN"/);
  });

  test('next_page_token encoded twice fails MP-CLIENT-PAGE-TOKEN alone', async () => {
    mock = await judgedMeetingMock(adapter, { awkwardPageTokens: true });
    expect(await clients.pageTokenDoubleEncoded(mock.client)).toBe(400);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-PAGE-TOKEN']);
    expect(report.checks.find((c) => c.clause === 'MP-CLIENT-PAGE-TOKEN')!.message).toMatch(/next_page_token was encoded twice: the platform read "%2B\S+", the page \(request #\d+\) returned "\+\S+"/);
  });

  test('next_page_token dropped (the list asked for again with page_number) fails MP-CLIENT-PAGE-TOKEN alone', async () => {
    mock = await judgedMeetingMock(adapter);
    await clients.pageTokenDropped(mock.client);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-PAGE-TOKEN']);
    const check = report.checks.find((c) => c.clause === 'MP-CLIENT-PAGE-TOKEN')!;
    expect(check.finding!.groups.map((g) => g.cause)).toEqual(['next_page_token dropped: the list asked for from its first page again']);
    expect(check.finding!.groups[0]!.examples[0]!.label).toMatch(/page_number=2/);
  });

  test('a walk stopped early fails MP-CLIENT-PAGE-WALK (SHOULD) alone, when the session ends; mid-session it is in progress', async () => {
    mock = await judgedMeetingMock(adapter);
    await clients.walkStoppedEarly(mock.client);
    const during = mock.clientReport({ end: false });
    expect(failedClauses(during)).toEqual([]);
    // The first page's token was followed (a walk that went on); the second's is pending: in progress, not passed.
    const inProgress = during.checks.find((c) => c.clause === 'MP-CLIENT-PAGE-WALK')!;
    expect(inProgress.status).toBe('skipped');
    expect(inProgress.message).toBe('pending: 1 walk of the meeting list in progress (next_page_token pending): judged when the session ends or the token expires unused (1 judged so far, none failing)');
    expect(inProgress.notJudged).toEqual([{ path: 'walk', reason: '1 walk of the meeting list in progress (next_page_token pending): judged when the session ends or the token expires unused' }]);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-PAGE-WALK']);
    const walk = report.checks.find((c) => c.clause === 'MP-CLIENT-PAGE-WALK')!;
    expect(walk.message).toBe('1 of 2 pages with a next_page_token ended a walk with next_page_token pending');
    const example = walk.finding!.groups[0]!.examples[0]!;
    expect(example.label).toMatch(/ GET \/v2\/users\/me\/meetings\?page_size=10&next_page_token=/);
    expect(example.problem).toBe('the walk of the meeting list of me stopped at this page: it returned a next_page_token that was never sent back (the session ended)');
    // The token expiring unused is the same evidence, mid-session.
    mock.clock.advance(15 * 60_000 + 1);
    await new clients.MeetingClient(mock.client).get('/users/me/meetings?page_size=300');
    expect(failedClauses(mock.clientReport({ end: false }))).toEqual(['MP-CLIENT-PAGE-WALK']);
  });

  test('page_size as a fraction fails MP-CLIENT-PAGE-SIZE (SHOULD) alone; the mock refuses it (400)', async () => {
    mock = await judgedMeetingMock(adapter);
    expect(await clients.pageSizeAsFraction(mock.client)).toBe(400);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-PAGE-SIZE']);
    const check = report.checks.find((c) => c.clause === 'MP-CLIENT-PAGE-SIZE')!;
    expect(check.level).toBe('SHOULD');
    expect(check.finding!.groups[0]!.examples[0]!.problem).toBe('page_size was "20.0", not an integer in decimal digits');
  });

  test('a call sent again at once after a 429 fails MP-CLIENT-RETRY-AFTER (SHOULD) alone', async () => {
    mock = await judgedMeetingMock(adapter, { rateLimitPerSecond: 2 });
    await clients.retryAt429(mock.client);
    const report = mock.clientReport();
    expect(failedClauses(report)).toEqual(['MP-CLIENT-RETRY-AFTER']);
    expect(report.checks.find((c) => c.clause === 'MP-CLIENT-RETRY-AFTER')!.finding!.groups[0]!.examples[0]!.problem).toMatch(/^sent again 0 ms after the 429 of request #\d+, whose Retry-After \(1\) asked for 1000 ms$/);
  });
});

test('expectCleanClient fails with the clause, the offending request and the cause', async () => {
  mock = await judgedMeetingMock('node');
  await clients.uuidEncodedOnce(mock.client);
  let message = '';
  try {
    expectCleanClient(mock);
  } catch (err) {
    message = (err as Error).message;
  }
  expect(message).toMatch(/^The client broke 1 client clause of meeting-platform:\n\n✗ MP-CLIENT-ID-ENCODING \(MUST\): meeting identifiers are encoded so the platform reads them intact\n/);
  expect(message).toMatch(/\n {4}#\d+ GET \/v2\/meetings\/%2F\S+\n {4}this UUID starts with "\/"; the platform decodes a path once, so it must be encoded twice: %252F/);
  expect(message).toMatch(/\n {4}fix: Encode a meeting UUID with encodeURIComponent, twice when it starts with "\/"/);
});

test('GET /__conform/client-report answers the report so far, in the JSON of conform run --report json', async () => {
  mock = await judgedMeetingMock('node');
  await clients.uuidEncodedOnce(mock.client);
  const res = await fetch(`${mock.client.authUrl}/__conform/client-report`);
  expect(res.status).toBe(200);
  const report = (await res.json()) as ReturnType<JudgedMeetingMock['clientReport']>;
  expect(report.tool).toBe('conform');
  expect(report.target).toEqual({ 'meeting-platform': ['client'] });
  expect(failedClauses(report)).toEqual(['MP-CLIENT-ID-ENCODING']);
  // Not the client's own traffic: the report's request is not judged.
  expect(mock.clientReport().checks.find((c) => c.clause === 'MP-CLIENT-BEARER')!.finding).toBeUndefined();
});

test('the journal is bounded (the newest 500 requests) and names every secret by its variable', async () => {
  mock = await judgedMeetingMock('node');
  const client = new clients.MeetingClient(mock.client);
  const token = await client.token();
  for (let i = 0; i < 520; i++) await (await client.get('/users/me')).arrayBuffer();
  const journal = mock.clientJournal();
  expect(journal.length).toBe(500);
  expect(journal[0]!.id).toBe(22);
  expect(journal.at(-1)!.request.headers).toContainEqual(['authorization', 'Bearer $ACCESS_TOKEN']);
  const text = JSON.stringify(journal);
  expect(text).not.toContain(token);
  expect(text).not.toContain(mock.client.credentials.clientSecret);
});
