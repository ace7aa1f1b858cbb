import { describe, expect, test } from 'vitest';
import { resolveEncoding } from './resolveEncoding.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('resolveEncoding: BOM, then Content-Type charset, then <meta>, then fallback', () => {
  test('a BOM wins over the header and the document', () => {
    expect(resolveEncoding(bytes([0xef, 0xbb, 0xbf], '<meta charset="shift_jis">'), 'text/html', 'windows-1252')).toBe('UTF-8');
    expect(resolveEncoding(bytes([0xff, 0xfe], 'h\0i\0'), 'text/plain', 'utf-8')).toBe('UTF-16LE');
    expect(resolveEncoding(bytes([0xfe, 0xff], '\0h'), 'text/html', undefined)).toBe('UTF-16BE');
  });

  test('the Content-Type charset wins over <meta>, and labels become encoding names', () => {
    expect(resolveEncoding(bytes('<meta charset="utf-8">'), 'text/html', 'latin1')).toBe('windows-1252');
    expect(resolveEncoding(bytes('x'), 'text/html', 'SJIS')).toBe('Shift_JIS');
    expect(resolveEncoding(bytes('x'), 'text/plain', 'ascii')).toBe('windows-1252');
  });

  test('an unknown charset label is ignored', () => {
    expect(resolveEncoding(bytes('<meta charset="euc-jp">'), 'text/html', 'no-such-charset')).toBe('EUC-JP');
  });

  test('<meta charset> and <meta http-equiv> are found in the first 1024 bytes of HTML', () => {
    expect(resolveEncoding(bytes('<html><head><meta charset="shift_jis">'), 'text/html', undefined)).toBe('Shift_JIS');
    expect(resolveEncoding(bytes('<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">'), 'text/html', undefined)).toBe('KOI8-R');
    expect(resolveEncoding(bytes(`<!--${' '.repeat(1100)}--><meta charset="shift_jis">`), 'text/html', undefined)).toBe('windows-1252');
  });

  test('<meta> means nothing outside HTML', () => {
    expect(resolveEncoding(bytes('<meta charset="shift_jis">'), 'text/plain', undefined)).toBe('windows-1252');
  });

  test('XML reads its declaration and defaults to UTF-8', () => {
    expect(resolveEncoding(bytes('<?xml version="1.0" encoding="ISO-8859-2"?><a/>'), 'application/xml', undefined)).toBe('ISO-8859-2');
    expect(resolveEncoding(bytes('<a>', [0xe9], '</a>'), 'text/xml', undefined)).toBe('UTF-8');
  });

  test('fallback: UTF-8 when the bytes are UTF-8 beyond ASCII, else windows-1252; JSON always UTF-8', () => {
    expect(resolveEncoding(Buffer.from('<p>héllo</p>'), 'text/html', undefined)).toBe('UTF-8');
    expect(resolveEncoding(bytes('<p>h', [0xe9], 'llo</p>'), 'text/html', undefined)).toBe('windows-1252');
    expect(resolveEncoding(bytes('<p>hello</p>'), 'text/html', undefined)).toBe('windows-1252');
    expect(resolveEncoding(bytes('{"a":"', [0xe9], '"}'), 'application/json', undefined)).toBe('UTF-8');
  });
});
