import { expect, test } from 'vitest';
import { nextHop } from './nextHop.ts';

const base = new URL('http://origin.test/a/b?q=1');

test('a Location resolves against the URL it came from, fragment dropped', () => {
  expect(nextHop('../small?x=1#frag', base).href).toBe('http://origin.test/small?x=1');
  expect(nextHop('https://other.test/', base).href).toBe('https://other.test/');
  expect(nextHop('ftp://other.test/', base).protocol).toBe('ftp:');
});

test('UTF-8 bytes sent in a Location are read as UTF-8, as browsers do', () => {
  const sent = Buffer.from('/caf\u00e9', 'utf8').toString('latin1');
  expect(nextHop(sent, base).pathname).toBe('/caf%C3%A9');
});

test('a Location that is no URL reference is a 502', () => {
  expect(() => nextHop('http://[::1', base)).toThrow(expect.objectContaining({ status: 502, message: 'The fetched URL redirected to an invalid location.' }));
});
