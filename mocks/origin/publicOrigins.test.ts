import { describe, expect, test } from 'vitest';
import { publicHostnames, publicOrigin, publicOrigins, type ListenerOrigins } from './publicOrigins.ts';

const bound: ListenerOrigins = {
  http: 'http://127.0.0.1:8081',
  https: 'https://127.0.0.1:8443',
  'expired-tls': 'https://127.0.0.1:8444',
  'wrong-host-tls': 'https://127.0.0.1:8445',
};

describe('publicOrigins', () => {
  test('none given: every listener is reached where it is bound', () => {
    expect(publicOrigins(bound)).toEqual(bound);
  });

  test("the HTTP listener's public URL only: the others on its host, at their own ports", () => {
    expect(publicOrigins(bound, { http: 'http://origin.example.com' })).toEqual({
      http: 'http://origin.example.com',
      https: 'https://origin.example.com:8443',
      'expired-tls': 'https://origin.example.com:8444',
      'wrong-host-tls': 'https://origin.example.com:8445',
    });
  });

  test('a URL per listener: each as given, as an origin (a trailing slash dropped, default ports left out)', () => {
    const given = { http: 'http://origin.example.com:80/', https: 'https://tls.example.com', 'expired-tls': 'https://origin.example.com:9444', 'wrong-host-tls': 'https://[2001:db8::1]:9445' };
    expect(publicOrigins(bound, given)).toEqual({
      http: 'http://origin.example.com',
      https: 'https://tls.example.com',
      'expired-tls': 'https://origin.example.com:9444',
      'wrong-host-tls': 'https://[2001:db8::1]:9445',
    });
    expect(publicHostnames(given)).toEqual(['origin.example.com', 'tls.example.com', 'origin.example.com', '2001:db8::1']);
  });

  test('a TLS listener given alone: the rest stay where they are bound', () => {
    expect(publicOrigins(bound, { https: 'https://tls.example.com' })).toEqual({ ...bound, https: 'https://tls.example.com' });
  });

  test('two listeners at one origin are refused, naming both', () => {
    expect(() => publicOrigins(bound, { http: 'http://o.example.com', https: 'https://o.example.com:8444' })).toThrow(
      'the https and expired-tls listeners would both be reached at https://o.example.com:8444: give each its own public URL',
    );
  });
});

describe('publicOrigin refuses what a base URL of that listener cannot be', () => {
  test.each([
    ['http', 'origin.example.com', '"origin.example.com" is not an http(s) URL'],
    ['http', 'ftp://origin.example.com', '"ftp://origin.example.com" is not an http(s) URL'],
    ['http', 'https://origin.example.com', '"https://origin.example.com" must be http: the http listener speaks plain HTTP'],
    ['https', 'http://origin.example.com', '"http://origin.example.com" must be https: the https listener speaks TLS, forwarded as it is, not terminated in front of it'],
    ['http', 'http://u:p@origin.example.com', '"http://u:p@origin.example.com" must not carry a user name or password'],
    ['http', 'http://origin.example.com/farm', '"http://origin.example.com/farm" must be a base URL (scheme://host[:port]), without a path, query or fragment'],
    ['http', 'http://origin.example.com/?a=1', '"http://origin.example.com/?a=1" must be a base URL (scheme://host[:port]), without a path, query or fragment'],
  ] as const)('%s %s', (listener, url, message) => {
    expect(() => publicOrigin(listener, url)).toThrow(message);
  });
});
