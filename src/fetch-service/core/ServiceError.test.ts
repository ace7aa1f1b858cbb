import { expect, test } from 'vitest';
import { badRequest, destinationRefused, errorForStatus, fetchTimedOut, responseTooLarge, ServiceError, tlsVerificationFailed, upstreamFailed } from './ServiceError.ts';

test('the body carries the status, its reason phrase and the message', () => {
  expect(badRequest('url is required.').body()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'url is required.' });
  expect(new ServiceError(429, 'too_many_requests', 'slow down').body().error).toBe('Too Many Requests');
  expect(new ServiceError(499, 'client_closed', 'gone').body().error).toBe('Error');
});

test('the seed §7 statuses and guidance', () => {
  expect(responseTooLarge(10).body()).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
  expect(tlsVerificationFailed().message).toContain('allowInsecureSsl');
  expect(fetchTimedOut(60_000).body()).toMatchObject({ statusCode: 504, error: 'Gateway Timeout', message: expect.stringContaining('60 seconds') });
  expect(destinationRefused().status).toBe(403);
});

test('errorForStatus: a forced status is the catalogue\'s own error for it, headers included', () => {
  expect(errorForStatus(401, 60_000)).toMatchObject({ code: 'unauthorized', headers: { 'www-authenticate': 'APIKey header="X-SVC-API-Key"' } });
  expect(errorForStatus(405, 60_000).headers).toEqual({ allow: 'POST' });
  expect(errorForStatus(429, 60_000).headers).toEqual({ 'retry-after': '1' });
  expect(errorForStatus(502, 60_000).message).toBe(upstreamFailed().message);
  expect(errorForStatus(504, 5_000).message).toContain('within 5 seconds');
  expect(errorForStatus(400, 60_000).body()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The request body is invalid.' });
  expect(errorForStatus(418, 60_000).body()).toEqual({ statusCode: 418, error: "I'm a Teapot", message: "I'm a Teapot." });
});
