import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ExchangeLimits } from '../exchange/exchangeLimits.ts';
import { defaultRequestBounds } from '../exchange/requestBounds.ts';
import { exchange } from './exchange.ts';

// A server that never answers: each exchange ends on its own headers deadline, which says its length.
const held: ServerResponse[] = [];
const server = createServer((_req, res) => void held.push(res));
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const within = (headersTimeout: number): ExchangeLimits => ({ bounds: { ...defaultRequestBounds, headersTimeout }, rateLimit: 0 });

test('each exchange is held to the limits it is given, two targets at one origin each to its own', async () => {
  // Two targets at one origin (two base paths of one host): an address cannot tell their limits apart.
  const [a, b] = await Promise.allSettled([exchange(`${base}/a/v2/users/me`, { limits: within(0.2) }), exchange(`${base}/b/v2/users/me`, { limits: within(0.4) })]);
  expect(a.status === 'rejected' && String(a.reason.message)).toBe(`GET ${base}/a/v2/users/me: no HTTP answer: no answer within 0.2 s`);
  expect(b.status === 'rejected' && String(b.reason.message)).toBe(`GET ${base}/b/v2/users/me: no HTTP answer: no answer within 0.4 s`);
});
