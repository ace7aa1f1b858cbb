import { expect, test } from 'vitest';
import { FetchRefusal } from './FetchRefusal.ts';
import { preferredStatus, reservedStatusPage } from './reservedStatus.ts';

test('preferredStatus reads code=NNN for error statuses only', () => {
  expect(preferredStatus('code=429')).toBe(429);
  expect(preferredStatus('respond-async, code=504; x=1')).toBe(504);
  expect(preferredStatus('code=200')).toBeUndefined();
  expect(preferredStatus('code=4290')).toBeUndefined();
  expect(preferredStatus(null)).toBeUndefined();
});

test('reservedStatusPage: an error code is the service refusing, a lower one a fetched status', () => {
  expect(() => reservedStatusPage('/502')).toThrow(expect.objectContaining({ status: 502 }) as FetchRefusal);
  expect(reservedStatusPage('/301').statusCode).toBe(301);
  expect(() => reservedStatusPage('/99')).toThrow(expect.objectContaining({ status: 400 }) as FetchRefusal);
});
