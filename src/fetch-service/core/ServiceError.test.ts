import { expect, test } from 'vitest';
import { badRequest, destinationRefused, fetchTimedOut, responseTooLarge, ServiceError, tlsVerificationFailed } from './ServiceError.ts';

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
