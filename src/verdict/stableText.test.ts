import { describe, expect, test } from 'vitest';
import { stableText, targetKey } from './stableText.ts';

describe('stableText', () => {
  test('puts what varies from run to run in words that do not', () => {
    const cases: Array<[string, string]> = [
      ['GET http://127.0.0.1:41303/small answered 404', 'GET http://127.0.0.1:<port>/small answered 404'],
      ['fetched http://localhost:8080/x and [::1]:3000 and farm.invalid:4443', 'fetched http://localhost:<port>/x and [::1]:<port> and farm.invalid:<port>'],
      ['answered 504 after 2013 ms (limit 2 s, within 30 seconds)', 'answered 504 after <duration> (limit <duration>, within <duration>)'],
      ['id 3f2a8c4e-1b2d-4c5e-8f9a-0b1c2d3e4f5a taken', 'id <uuid> taken'],
      ['Date: Tue, 15 Nov 1994 08:12:31 GMT; at 2025-03-01T10:20:30.123Z', 'Date: <time>; at <time>'],
      ['next_page_token "Ab3dEf9hIjKlMnOpQr5tUvWx" reused', 'next_page_token "<token>" reused'],
      ['digest 0123456789abcdef0123 differs', 'digest <hex> differs'],
      ['wrote /tmp/conform-abc123/record.json, then', 'wrote <tmp>, then'],
      ['  two\n  lines  ', 'two lines'],
    ];
    for (const [text, stable] of cases) expect(stableText(text), text).toBe(stable);
  });

  test('keeps what says what the fault is: statuses, fields, clause ids, counts in words, hyphenated names', () => {
    for (const text of [
      '400: statusCode is undefined, the reply\'s status is 400; error is undefined, expected the reason phrase "Bad Request"',
      'fetchPage → 502: body [required: statusCode]',
      'the same id as fetch 1: "fetch-1"',
      'MP-FUZZ-NO-5XX and generated-ur-hash-invalid-2 and FS-SEC-REQUEST-LIMITS',
      '12 fetches get 12 different ids',
      'windows-1252 decoded as utf-8',
    ]) {
      expect(stableText(text)).toBe(text);
    }
  });

  test('a loopback target on another port is the same target; other targets stay apart', () => {
    expect(targetKey('fetch service at http://127.0.0.1:41231')).toBe(targetKey('fetch service at http://127.0.0.1:33017'));
    expect(targetKey('staging')).toBe('staging');
    expect(targetKey('fetch service at https://a.example')).not.toBe(targetKey('fetch service at https://b.example'));
  });
});
