import { describe, expect, test } from 'vitest';
import { ServiceError } from './ServiceError.ts';
import { checkContentType, parseFetchRequest, parseTargetUrl, validateFetchRequest } from './validateFetchRequest.ts';

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

describe('parseFetchRequest: the 400 texts, which name the field and never its value', () => {
  const refusal = (text: string): string => {
    try {
      parseFetchRequest(text);
    } catch (err) {
      if (err instanceof ServiceError && err.status === 400) return err.message;
      throw err;
    }
    throw new Error(`${text} was accepted`);
  };

  test.each([
    ['', 'The request body is not valid JSON.'],
    ['{"url": ', 'The request body is not valid JSON.'],
    ['[]', 'The request body must be a JSON object.'],
    ['null', 'The request body must be a JSON object.'],
    ['{}', 'url is required.'],
    ['{"url":42}', 'url must be a string.'],
    ['{"url":"mailto:a@o.invalid"}', 'url must be an absolute http or https URL.'],
    ['{"url":"http://u:p@o.invalid/"}', 'url must not contain credentials.'],
    [JSON.stringify({ url: `http://o.invalid/${'a'.repeat(9000)}` }), 'url must be at most 8192 characters.'],
    ['{"url":"http://o.invalid/","allowRedirects":"yes"}', 'allowRedirects must be a boolean.'],
    ['{"url":"http://o.invalid/","allowInsecureSsl":1}', 'allowInsecureSsl must be a boolean.'],
    ['{"url":"http://o.invalid/","proxies":null}', 'proxies must be a boolean.'],
  ])('%s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });

  test('a valid body, unknown fields ignored', () => {
    expect(parseFetchRequest('{"url":"http://o.invalid/a","extra":[1]}')).toMatchObject({ url: 'http://o.invalid/a', allowRedirects: false });
  });
});

describe('checkContentType', () => {
  test('JSON by any spelling, or none, passes; anything else is 415', () => {
    for (const type of [undefined, 'application/json', 'Application/JSON; charset=utf-8', 'application/problem+json']) expect(() => checkContentType(type)).not.toThrow();
    for (const type of ['text/plain', '', 'application/x-www-form-urlencoded', 'json']) {
      expect(() => checkContentType(type), type).toThrow(expect.objectContaining({ status: 415 }));
    }
  });
});
