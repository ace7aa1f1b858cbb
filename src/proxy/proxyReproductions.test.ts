// The validation proxy's report writes its client findings' reproductions as the mocks' client reports
// do: run as printed in sh, with the account's credentials in the seed's variables, against the
// deployment behind the proxy (on loopback), each sends the secrets it names and gets the answer its
// finding shows.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { lastIssuedToken, startRecordedMeetingMock, type RecordedMeetingMock } from '../../mocks/meeting-platform/fixtures/recordedMeetingMock.ts';
import * as clients from '../client/fixtures/meetingPlatformClients.ts';
import { tokenInQuery } from '../client/fixtures/tokenInQuery.ts';
import { credentialEnv } from '../meeting-platform/core/meetingCredentials.ts';
import { replayFailures } from '../testing/runReproduction.ts';
import { clientLabel } from './createProxyJudge.ts';
import { startValidationProxy, type ValidationProxy } from './startValidationProxy.ts';

let deployment: RecordedMeetingMock;
let proxy: ValidationProxy;
beforeAll(async () => {
  deployment = await startRecordedMeetingMock();
  proxy = await startValidationProxy({ suite: 'meeting-platform', target: deployment.url, authTarget: deployment.url });
});
afterAll(async () => {
  await proxy?.close();
  await deployment?.close();
});

test("each failing client clause of the proxy's report reproduces in sh against the deployment, its token request first", async () => {
  const account = deployment.mock.accounts[0]!;
  const o: clients.MeetingClientOptions = { authUrl: proxy.url, apiBaseUrl: proxy.url, credentials: account };
  expect(await tokenInQuery(o)).toBe(401);
  expect(await clients.uuidEncodedOnce(o)).toBe(404);
  const report = proxy.report();
  const failing = report.checks.filter((c) => c.target === clientLabel && c.status === 'failed');
  expect(failing.map((c) => c.clause).sort()).toEqual(['MP-CLIENT-BEARER', 'MP-CLIENT-ID-ENCODING']);
  for (const c of failing) expect(c.reproduction, c.id).toMatch(/^ACCESS_TOKEN=\$\(curl /);
  expect(JSON.stringify(report)).not.toContain(account.clientSecret);

  const before = deployment.seen.length;
  const variables = { [credentialEnv.clientId]: account.clientId, [credentialEnv.clientSecret]: account.clientSecret, [credentialEnv.accountId]: account.accountId };
  const replayed = await replayFailures(failing, variables);
  expect(replayed.mismatches, replayed.mismatches.join('\n\n')).toEqual([]);
  expect(replayed.compared).toBe(failing.length);
  // The shell filled the token in the query with the one its own token request got.
  const replay = deployment.seen.slice(before);
  const queried = replay.find((x) => new URLSearchParams(x.request.query).has('access_token'))!;
  const issued = lastIssuedToken(replay.slice(0, replay.indexOf(queried)));
  expect(issued).toMatch(/^\S{20,}$/);
  expect(new URLSearchParams(queried.request.query).get('access_token')).toBe(issued);
}, 120_000);
