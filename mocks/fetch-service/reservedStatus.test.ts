import { expect, test } from 'vitest';
import { ServiceError } from '../../src/fetch-service/core/ServiceError.ts';
import { preferredStatus, reservedStatusPage } from './reservedStatus.ts';

test('preferredStatus reads code=NNN for error statuses only', () => {
  expect(preferredStatus('code=429')).toBe(429);
  expect(preferredStatus('respond-async, code=504; x=1')).toBe(504);
  expect(preferredStatus('code=200')).toBeUndefined();
  expect(preferredStatus('code=4290')).toBeUndefined();
  expect(preferredStatus(null)).toBeUndefined();
});

test('reservedStatusPage: an error code is the service refusing in the catalogue\'s words, a lower one a fetched status', () => {
  expect(() => reservedStatusPage('/502', 60_000)).toThrow(expect.objectContaining({ status: 502 }) as ServiceError);
  expect(() => reservedStatusPage('/504', 60_000)).toThrow(expect.objectContaining({ message: expect.stringContaining('within 60 seconds') }) as ServiceError);
  expect(() => reservedStatusPage('/429', 60_000)).toThrow(expect.objectContaining({ headers: { 'retry-after': '1' } }) as ServiceError);
  expect(reservedStatusPage('/301', 60_000)).toMatchObject({ status: 301, body: Buffer.from('status 301\n') });
  expect(() => reservedStatusPage('/99', 60_000)).toThrow(expect.objectContaining({ status: 400 }) as ServiceError);
});
