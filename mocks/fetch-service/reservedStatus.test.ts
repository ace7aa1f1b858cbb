import { expect, test } from 'vitest';
import { ServiceError } from '../../src/fetch-service/core/ServiceError.ts';
import { preferredStatus, reservedStatusPage } from './reservedStatus.ts';

const limits = { timeoutMs: 60_000, maxBytes: 10 * 1024 * 1024 };

test('preferredStatus reads code=NNN for error statuses only', () => {
  expect(preferredStatus('code=429')).toBe(429);
  expect(preferredStatus('respond-async, code=504; x=1')).toBe(504);
  expect(preferredStatus('code=200')).toBeUndefined();
  expect(preferredStatus('code=4290')).toBeUndefined();
  expect(preferredStatus(null)).toBeUndefined();
});

test('reservedStatusPage: an error code is the service refusing in the catalogue\'s words, a lower one a fetched status', () => {
  expect(() => reservedStatusPage('/502', limits)).toThrow(expect.objectContaining({ status: 502 }) as ServiceError);
  expect(() => reservedStatusPage('/504', limits)).toThrow(expect.objectContaining({ message: expect.stringContaining('within 60 seconds') }) as ServiceError);
  expect(() => reservedStatusPage('/429', limits)).toThrow(expect.objectContaining({ headers: { 'retry-after': '1' } }) as ServiceError);
  expect(reservedStatusPage('/301', limits)).toMatchObject({ status: 301, body: Buffer.from('status 301\n') });
  expect(() => reservedStatusPage('/99', limits)).toThrow(expect.objectContaining({ status: 400 }) as ServiceError);
});

test('reservedStatusPage: /502/too-large and /502/tls are the two 502s seed §7 gives guidance for, in the service\'s words; a near miss is refused', () => {
  expect(() => reservedStatusPage('/502/too-large', limits)).toThrow(expect.objectContaining({ status: 502, message: expect.stringContaining('larger than 10485760 bytes') }) as ServiceError);
  expect(() => reservedStatusPage('/502/tls', limits)).toThrow(expect.objectContaining({ status: 502, message: expect.stringContaining('TLS certificate verification failed') }) as ServiceError);
  for (const near of ['/502/TLS', '/502/tls/', '/502/too-large2', '/502/']) expect(() => reservedStatusPage(near, limits)).toThrow(expect.objectContaining({ status: 400 }) as ServiceError);
});

test('reservedStatusPage: /429/no-retry-after is the service\'s 429 with no Retry-After header', () => {
  expect(() => reservedStatusPage('/429/no-retry-after', limits)).toThrow(expect.objectContaining({ status: 429, headers: {} }) as ServiceError);
  expect(() => reservedStatusPage('/429/no-retry-after/', limits)).toThrow(expect.objectContaining({ status: 400 }) as ServiceError);
});
