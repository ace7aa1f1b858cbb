import { expect, test } from 'vitest';
import { foldHeaders } from './foldHeaders.ts';

test('repeated headers join with ", ", set-cookie with "\\n"', () => {
  const folded = foldHeaders(
    Object.entries({
      'content-type': 'text/plain',
      vary: ['accept', 'accept-encoding'],
      'set-cookie': ['a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT', 'b=2'],
      absent: undefined,
    }),
  );
  expect({ ...folded }).toEqual({
    'content-type': 'text/plain',
    vary: 'accept, accept-encoding',
    'set-cookie': 'a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT\nb=2',
  });
});

test('raw header lines: names lowercased, repeats joined in the order sent', () => {
  const lines = [['X-Repeat', 'one'], ['Set-Cookie', 'a=1'], ['x-repeat', 'two'], ['SET-COOKIE', 'b=2']] as const;
  expect({ ...foldHeaders(lines) }).toEqual({ 'x-repeat': 'one, two', 'set-cookie': 'a=1\nb=2' });
});

test('a header named __proto__ is kept as data', () => {
  const headers = JSON.parse('{"__proto__": "x", "a": "b"}') as Record<string, string>;
  const folded = foldHeaders(Object.entries(headers));
  expect(JSON.parse(JSON.stringify(folded))).toEqual(JSON.parse('{"__proto__": "x", "a": "b"}'));
});
