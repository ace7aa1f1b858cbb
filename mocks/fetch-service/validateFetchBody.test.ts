import { describe, expect, test } from 'vitest';
import { FetchRefusal } from './FetchRefusal.ts';
import { validateFetchBody } from './validateFetchBody.ts';

function refusal(text: string): string {
  try {
    validateFetchBody(text);
  } catch (err) {
    if (err instanceof FetchRefusal && err.status === 400) return err.message;
    throw err;
  }
  throw new Error(`${text} was accepted`);
}

describe('validateFetchBody: the spec decides', () => {
  test('a valid body, unknown fields ignored, defaults applied', () => {
    expect(validateFetchBody('{"url":"http://origin.conform.invalid/a#frag","proxies":true,"extra":[1]}')).toEqual({ url: new URL('http://origin.conform.invalid/a'), allowRedirects: false, allowInsecureSsl: false, proxies: true });
  });

  test('each rule of the spec gets a 400 naming the field and the rule, never the value', () => {
    expect(refusal('{"url": ')).toBe('The request body is not valid JSON.');
    expect(refusal('')).toBe('A request body is required.');
    expect(refusal('[]')).toBe('The request body must be a JSON object.');
    expect(refusal('{}')).toBe('url is required.');
    expect(refusal('{"url":42}')).toBe('url must be of type string.');
    expect(refusal('{"url":"http://o.invalid/","allowRedirects":"yes"}')).toBe('allowRedirects must be of type boolean.');
    const secret = 'http://o.invalid/?token=conform-secret%zz';
    expect(refusal(JSON.stringify({ url: secret }))).toBe('url breaks the rule format: uri.');
  });

  test('a URI that cannot be fetched is refused after the spec: no http(s), credentials', () => {
    expect(refusal('{"url":"mailto:a@o.invalid"}')).toBe('url must be an absolute http or https URL.');
    expect(refusal('{"url":"http://u:p@o.invalid/"}')).toBe('url must not contain credentials.');
  });
});
