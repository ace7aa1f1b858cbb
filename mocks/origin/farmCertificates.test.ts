import { X509Certificate } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { farmCertificates, wrongHostName } from './farmCertificates.ts';

describe('farmCertificates', async () => {
  const certs = await farmCertificates(['origin.test']);
  const ca = new X509Certificate(certs.ca);
  const valid = new X509Certificate(certs.valid.cert);
  const expired = new X509Certificate(certs.expired.cert);
  const wrongHost = new X509Certificate(certs.wrongHost.cert);
  const now = Date.now();

  test('one CA signs all three server certificates', () => {
    expect(ca.ca).toBe(true);
    for (const cert of [valid, expired, wrongHost]) {
      expect(cert.ca).toBe(false);
      expect(cert.checkIssued(ca)).toBe(true);
      expect(cert.verify(ca.publicKey)).toBe(true);
    }
  });

  test('valid: in date, for the loopback names and the extra ones', () => {
    expect(valid.validFromDate.getTime()).toBeLessThan(now);
    expect(valid.validToDate.getTime()).toBeGreaterThan(now);
    for (const ip of ['127.0.0.1', '::1']) expect(valid.checkIP(ip)).toBe(ip);
    for (const host of ['localhost', 'origin.test']) expect(valid.checkHost(host)).toBe(host);
  });

  test('expired: right names, validity over; wrong host: in date, only a reserved name', () => {
    expect(expired.validToDate.getTime()).toBeLessThan(now);
    expect(expired.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(wrongHost.validToDate.getTime()).toBeGreaterThan(now);
    expect(wrongHost.checkIP('127.0.0.1')).toBeUndefined();
    expect(wrongHost.checkHost('localhost')).toBeUndefined();
    expect(wrongHost.checkHost(wrongHostName)).toBe(wrongHostName);
  });

  test('generated once per set of names', async () => {
    expect(await farmCertificates(['origin.test'])).toBe(certs);
    expect(await farmCertificates()).not.toBe(certs);
  });
});
