// Every reproduction of the fetch mock's client report runs as printed: pasted into a shell that holds
// the key in $SVC_API_KEY (and no other variable), against the mock still running on loopback, it
// reaches the mock with the key filled in and gets the answer its finding shows.
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as clients from '../../src/client/fixtures/fetchServiceClients.ts';
import { replayFailures } from '../../src/testing/runReproduction.ts';
import type { MockRequest } from '../MockExchange.ts';
import { serveRouteTable } from '../serveRouteTable.ts';
import { createFetchServiceMock, type FetchServiceMock } from './createFetchServiceMock.ts';

const apiKey = 'reproduced-key-never-shown-0123';

let mock: FetchServiceMock;
let url: string;
let close: () => Promise<void>;
/** The requests as the mock's own table had them, secrets and all. */
const seen: MockRequest[] = [];

beforeAll(async () => {
  const served = await serveRouteTable((base) => {
    mock = createFetchServiceMock({ apiKeys: [apiKey], baseUrl: base });
    const routes = mock.routes;
    return { serves: routes.serves, answer: (request) => (seen.push(request), routes.answer(request)) };
  });
  ({ url, close } = served);
});
afterAll(() => close?.());

/** The key in the query string (api_key=…), no X-SVC-API-Key header: the service answers 401. */
async function keyInQuery(o: clients.FetchClientOptions): Promise<number> {
  const res = await fetch(`${o.baseUrl}/v1/fetch?${new URLSearchParams({ api_key: o.apiKey })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'http://origin.conform.invalid/page/windows-1252' }),
  });
  await res.arrayBuffer();
  return res.status;
}

test('each failing clause of a client report reproduces in sh, the key from the environment', async () => {
  const o: clients.FetchClientOptions = { baseUrl: url, apiKey };
  expect(await keyInQuery(o)).toBe(401);
  expect(await clients.stringForBoolean(o)).toBe(400);
  await clients.insecureLoopback(o);
  const report = mock.clientReport();
  const failing = report.checks.filter((c) => c.status === 'failed');
  expect(failing.map((c) => c.clause).sort()).toEqual(['FS-CLIENT-INSECURE-PRIVATE', 'FS-CLIENT-KEY', 'FS-CLIENT-OPTIONS']);
  const key = failing.find((c) => c.clause === 'FS-CLIENT-KEY')!.reproduction!;
  expect(key).toMatch(/^curl -sS -i -X POST "[^"\n]+\/v1\/fetch\?api_key=\$SVC_API_KEY" /);
  expect(JSON.stringify(report)).not.toContain(apiKey);

  const before = seen.length;
  const replayed = await replayFailures(report.checks, { SVC_API_KEY: apiKey });
  expect(replayed.mismatches, replayed.mismatches.join('\n\n')).toEqual([]);
  expect(replayed.compared).toBe(failing.length);
  // The shell filled the key in, where the client had put it and in the header alike.
  const replay = seen.slice(before);
  const queried = replay.find((r) => new URLSearchParams(r.query).has('api_key'))!;
  expect(new URLSearchParams(queried.query).get('api_key')).toBe(apiKey);
  expect(replay.filter((r) => r !== queried).map((r) => r.headers['x-svc-api-key'])).toEqual(replay.filter((r) => r !== queried).map(() => apiKey));
}, 120_000);
