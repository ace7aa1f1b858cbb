// The mock gives away nothing of the caller's either: its (virtual) origin requests carry no caller header
// on any hop, and no reply carries the key (FS-SEC-KEY-FORWARD, FS-SEC-CALLER-HEADERS, FS-SEC-KEY-ECHO).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { findSecret, secretForms } from '../../src/exchange/secretForms.ts';
import { startFetchServiceMock, type FetchServiceMockServer } from './startFetchServiceMock.ts';
import { virtualFarm } from './virtualFarm.ts';

const key = 'mock-secrets-key-0123456789';
let served: FetchServiceMockServer;
beforeAll(async () => {
  served = await startFetchServiceMock({ apiKeys: [key] });
});
afterAll(() => served?.close());

test('no caller header reaches an origin on any hop, and no reply carries the key', async () => {
  const caller = { authorization: 'Bearer caller-token-0123456789', cookie: 'session=caller-cookie-0123456789', 'proxy-authorization': 'Basic Y2FsbGVyOnNlY3JldA==' };
  const bodies = [
    { url: `${virtualFarm.httpUrl}/redirect/chain/2?probe=mock-secrets`, allowRedirects: true },
    { url: `${virtualFarm.httpUrl}/broken/reset` },
    { url: 'file:///etc/passwd' },
    {},
  ];
  const statuses: number[] = [];
  for (const body of bodies) {
    const response = await fetch(`${served.url}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': key, ...caller }, body: JSON.stringify(body) });
    statuses.push(response.status);
    expect(findSecret(`${JSON.stringify([...response.headers])}\n${await response.text()}`, secretForms(key))).toBeUndefined();
  }
  expect(statuses).toEqual([200, 502, 400, 400]);
  const hops = served.mock.originRequests('mock-secrets');
  expect(hops).toHaveLength(3);
  for (const hop of hops) {
    const sent = JSON.stringify(hop.headers);
    for (const value of [key, ...Object.values(caller)]) expect(sent).not.toContain(value);
  }
});
