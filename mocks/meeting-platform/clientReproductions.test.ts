// Every reproduction of the mock's client report runs as printed: pasted into a shell that holds the
// account's credentials in the seed's variables (and no other), against the mock still running on
// loopback, it reaches the mock with the secrets filled in and gets the answer its finding shows.
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as clients from '../../src/client/fixtures/meetingPlatformClients.ts';
import { tokenInQuery } from '../../src/client/fixtures/tokenInQuery.ts';
import type { RunReport } from '../../src/verdict/RunReport.ts';
import { credentialEnv } from '../../src/meeting-platform/core/meetingCredentials.ts';
import { replayFailures } from '../../src/testing/runReproduction.ts';
import { lastIssuedToken, startRecordedMeetingMock, type RecordedMeetingMock } from './fixtures/recordedMeetingMock.ts';

let served: RecordedMeetingMock;
beforeAll(async () => {
  served = await startRecordedMeetingMock();
});
afterAll(() => served?.close());

test('each failing clause of a client report reproduces in sh, its token request first, the secrets from the environment', async () => {
  const { mock, url, seen } = served;
  const account = mock.accounts[0]!;
  const o: clients.MeetingClientOptions = { authUrl: url, apiBaseUrl: url, credentials: account };
  expect(await tokenInQuery(o)).toBe(401);
  expect(await clients.uuidEncodedOnce(o)).toBe(404);
  expect(await clients.tokenAsJson(o)).toBe(400);
  await clients.credentialsInForm(o);
  const report: RunReport = mock.clientReport();
  const failing = report.checks.filter((c) => c.status === 'failed');
  // Four clients, four tokens: MP-CLIENT-TOKEN-REUSE (SHOULD) fails too, and is replayed with the rest.
  expect(failing.map((c) => c.clause).sort()).toEqual(['MP-CLIENT-BEARER', 'MP-CLIENT-ID-ENCODING', 'MP-CLIENT-TOKEN-BASIC', 'MP-CLIENT-TOKEN-FORM', 'MP-CLIENT-TOKEN-REUSE']);
  const bearer = failing.find((c) => c.clause === 'MP-CLIENT-BEARER')!.reproduction!;
  expect(bearer).toMatch(/^ACCESS_TOKEN=\$\(curl [^\n]+\ncurl -sS -i -X GET "[^"\n]+\/v2\/users\/me\?access_token=\$ACCESS_TOKEN"/);
  for (const c of failing) expect(c.reproduction, c.id).not.toContain(account.clientSecret);

  const before = seen.length;
  const variables = { [credentialEnv.clientId]: account.clientId, [credentialEnv.clientSecret]: account.clientSecret, [credentialEnv.accountId]: account.accountId };
  const replayed = await replayFailures(report.checks, variables);
  expect(replayed.mismatches, replayed.mismatches.join('\n\n')).toEqual([]);
  expect(replayed.compared).toBe(failing.length);

  // The shell filled the token in: the query carried the one the reproduction's own token request got.
  const replay = seen.slice(before);
  const queried = replay.find((x) => new URLSearchParams(x.request.query).has('access_token'))!;
  const issued = lastIssuedToken(replay.slice(0, replay.indexOf(queried)));
  expect(issued).toMatch(/^\S{20,}$/);
  expect(new URLSearchParams(queried.request.query).get('access_token')).toBe(issued);
  // And the client secret the form carried is the account's.
  const form = replay.find((x) => x.request.body.includes('client_secret='))!;
  expect(new URLSearchParams(form.request.body).get('client_secret')).toBe(account.clientSecret);
}, 120_000);
