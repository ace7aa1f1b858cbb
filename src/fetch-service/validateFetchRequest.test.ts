import { describe, expect, test } from 'vitest';
import { ServiceError } from './ServiceError.ts';
import { parseTargetUrl, validateFetchRequest } from './validateFetchRequest.ts';

describe('validateFetchRequest', () => {
  test('applies the defaults of seed §2', () => {
    expect(validateFetchRequest({ url: 'https://example.com/#top' })).toEqual({
      url: 'https://example.com/#top',
      allowRedirects: false,
      allowInsecureSsl: false,
      proxies: false,
      target: new URL('https://example.com/'),
    });
  });

  test('keeps options given as booleans', () => {
    expect(validateFetchRequest({ url: 'http://a.test/', allowRedirects: true, allowInsecureSsl: true, proxies: true })).toMatchObject({
      allowRedirects: true,
      allowInsecureSsl: true,
      proxies: true,
    });
  });

  test.each([[null], [[]], ['x'], [{}], [{ url: 1 }], [{ url: 'http://a.test/', proxies: 'true' }]])('refuses %j with 400', (body) => {
    expect(() => validateFetchRequest(body)).toThrow(ServiceError);
  });
});

describe('parseTargetUrl', () => {
  test.each([
    ['HTTP://Example.COM/a', 'http://example.com/a'],
    ['https://例え.jp/パス', 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'],
    ['https://example.com/page#fragment', 'https://example.com/page'],
    ['http://[::1]:8080/', 'http://[::1]:8080/'],
  ])('%s', (text, href) => {
    expect(parseTargetUrl(text).href).toBe(href);
  });

  test.each(['http:example.com', 'http:/example.com', 'http:///x', 'http://@example.com/', '//example.com', 'http://exa\tmple.com/', 'http://a b/'])(
    'refuses %j',
    (text) => {
      expect(() => parseTargetUrl(text)).toThrow(/absolute http or https URL/);
    },
  );
});
