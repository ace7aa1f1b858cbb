import { describe, expect, test } from 'vitest';
import { checkTargetUrl, effectivePort, normalizeHost } from './destinationRule.ts';
import type { ServiceError } from './ServiceError.ts';

const nobody = () => false;

/** The refusal's code for `url`, or "passes". */
const verdict = (url: string, insecure = false, admits: (host: string, port: number) => boolean = nobody): string =>
  ((): string => {
    try {
      checkTargetUrl(new URL(url), insecure, admits);
      return 'passes';
    } catch (err) {
      return (err as ServiceError).code;
    }
  })();

describe('checkTargetUrl: what the URL alone shows', () => {
  test.each([
    ['http://public.test/', undefined],
    ['https://93.184.216.34/', undefined],
    ['http://[2606:4700::1111]/', undefined],
    ['http://127.0.0.1/', 'destination_refused'],
    ['http://0x7f000002:81/', 'destination_refused'],
    ['http://[::ffff:169.254.169.254]/', 'destination_refused'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'destination_refused'],
    ['http://[2002:a9fe:a9fe::1]/', 'destination_refused'],
    ['http://[4000::1]/', 'destination_refused'],
    ['http://LOCALHOST./', 'destination_refused'],
    ['http://a.localhost/', 'destination_refused'],
    ['http://public.test:25/', 'destination_refused'],
    ['ftp://public.test/', 'destination_refused'],
    ['http://user@public.test/', 'destination_refused'],
  ])('%s', (url, code) => {
    expect(verdict(url)).toBe(code ?? 'passes');
  });

  test('with allowInsecureSsl a local destination is refused as an insecure request; a bad port stays 403', () => {
    expect(['https://localhost/', 'https://10.0.0.1/', 'https://public.test:25/'].map((url) => verdict(url, true))).toEqual(['insecure_refused', 'insecure_refused', 'destination_refused']);
  });

  test('what the allowlist admits passes, by normalised host and effective port', () => {
    const admits = (host: string, port: number) => host === '::1' && port === 443;
    expect([verdict('https://[::1]/', true, admits), verdict('http://[::1]/', false, admits)]).toEqual(['passes', 'destination_refused']);
  });

  test('effectivePort and normalizeHost', () => {
    expect(effectivePort(new URL('http://a/'))).toBe(80);
    expect(effectivePort(new URL('https://a/'))).toBe(443);
    expect(effectivePort(new URL('https://a:8443/'))).toBe(8443);
    expect(normalizeHost('[::1]')).toBe('::1');
    expect(normalizeHost('Example.COM.')).toBe('example.com');
  });
});
