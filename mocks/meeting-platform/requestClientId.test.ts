import { expect, test } from 'vitest';
import type { MockRequest } from '../MockExchange.ts';
import { requestClientId } from './requestClientId.ts';

const request = (authorization: string | undefined, method = 'GET', body = ''): MockRequest => ({
  method,
  origin: 'http://127.0.0.1:9',
  path: '/v2/users/me/meetings',
  query: '',
  headers: authorization === undefined ? {} : { authorization },
  body,
  onHangUp() {},
});
const bearerFor = (cid: string) => `Bearer h.${Buffer.from(JSON.stringify({ cid })).toString('base64url')}.sig`;
const basicFor = (id: string) => `Basic ${Buffer.from(`${id}:secret`).toString('base64')}`;

test('each request names the client its own header or form names, whatever the request before named (the same header read again is not decoded again)', () => {
  // In this order, each header right after another that names someone else, and each sent twice.
  const calls: Array<[MockRequest, string | undefined]> = [
    [request(bearerFor('app-a')), 'app-a'],
    [request(bearerFor('app-a')), 'app-a'],
    [request(bearerFor('app-b')), 'app-b'],
    [request(`${bearerFor('app-b')}x`), 'app-b'], // the payload decides, not the signature
    [request(basicFor('app-c')), 'app-c'],
    [request(basicFor('app-c')), 'app-c'],
    [request('Token opaque', 'POST', 'client_id=app-d'), 'app-d'],
    [request('Token opaque', 'POST', 'client_id=app-e'), 'app-e'],
    [request('Token opaque'), undefined],
    [request(undefined, 'POST', 'client_id=app-f'), 'app-f'],
    [request('Bearer not-a-token'), undefined],
    [request(bearerFor('app-a')), 'app-a'],
    [request(basicFor('app-c').toLowerCase().replace('basic', 'BASIC')), undefined],
  ];
  for (const [req, expected] of calls) expect(requestClientId(req), req.headers.authorization).toBe(expected);
});
