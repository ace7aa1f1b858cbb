import { describe, expect, test } from 'vitest';
import { decodeBody } from './decodeBody.ts';

describe('decodeBody', () => {
  test('windows-1252 decodes 0x80-0x9F to the characters browsers show, not to C1 controls', () => {
    const high = Buffer.from(Array.from({ length: 32 }, (_, i) => 0x80 + i));
    const { content, encoding } = decodeBody(high, 'text/plain; charset=windows-1252');
    expect(encoding).toBe('windows-1252');
    expect(content).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ');
  });

  test('iso-8859-1 and us-ascii labels decode as windows-1252, as in browsers', () => {
    expect(decodeBody(Buffer.from([0x80, 0x93]), 'text/html; charset=iso-8859-1')).toMatchObject({ content: '€“', encoding: 'windows-1252' });
    expect(decodeBody(Buffer.from([0x99]), 'text/html; charset=us-ascii')).toMatchObject({ content: '™', encoding: 'windows-1252' });
  });

  test('shift_jis from the header, and from <meta>', () => {
    const sjis = Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]);
    expect(decodeBody(sjis, 'text/plain; charset=Shift_JIS')).toMatchObject({ content: '日本語', encoding: 'shift_jis' });
    const page = Buffer.concat([Buffer.from('<meta charset="sjis"><p>'), sjis]);
    expect(decodeBody(page, 'text/html')).toMatchObject({ content: '<meta charset="sjis"><p>日本語', encoding: 'shift_jis' });
  });

  test('a UTF-8 BOM overrides the header and is not part of the content', () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo')]);
    expect(decodeBody(body, 'text/plain; charset=windows-1252')).toEqual({ content: 'héllo', contentType: 'text/plain', encoding: 'utf-8' });
  });

  test('UTF-16 with a BOM', () => {
    const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hé', 'utf16le')]);
    expect(decodeBody(body, 'text/plain')).toMatchObject({ content: 'hé', encoding: 'utf-16le' });
  });

  test('a binary type is base64', () => {
    expect(decodeBody(Buffer.from([0, 1, 2, 250]), 'application/octet-stream')).toEqual({
      content: 'AAEC+g==',
      contentType: 'application/octet-stream',
      encoding: 'base64',
    });
  });

  test('a body still under an unknown content coding is base64 whatever its type', () => {
    expect(decodeBody(Buffer.from('abc'), 'text/plain', false)).toMatchObject({ content: 'YWJj', contentType: 'text/plain', encoding: 'base64' });
  });

  test('no Content-Type: the type is sniffed', () => {
    expect(decodeBody(Buffer.from('<!doctype html><p>x'), undefined)).toMatchObject({ contentType: 'text/html', encoding: 'windows-1252' });
    expect(decodeBody(Buffer.from([0, 159, 146, 150]), undefined)).toMatchObject({ contentType: 'application/octet-stream', encoding: 'base64' });
  });

  test('the "replacement" encoding (ISO-2022-KR) gives one U+FFFD', () => {
    expect(decodeBody(Buffer.from('anything'), 'text/plain; charset=iso-2022-kr')).toMatchObject({ content: '\uFFFD', encoding: 'replacement' });
  });
});
