import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { decodeVirtualBody } from './decodeVirtualBody.ts';
import { FetchRefusal } from './FetchRefusal.ts';

const at = (path: string) => new URL(path, 'http://origin.conform.invalid');

describe('decodeVirtualBody', () => {
  test('decodes by the Content-Type charset, UTF-8 without one', () => {
    const latin = Buffer.from([0x63, 0x61, 0x66, 0xe9]);
    expect(decodeVirtualBody(at('/x'), { 'content-type': 'text/plain; charset=ISO-8859-1' }, latin, 100)).toEqual({ content: 'café', contentType: 'text/plain', encoding: 'windows-1252' });
    expect(decodeVirtualBody(at('/x'), { 'content-type': 'application/json' }, Buffer.from('{"a":"é"}'), 100)).toMatchObject({ encoding: 'utf-8', content: '{"a":"é"}' });
  });

  test('gives binary bodies as base64', () => {
    expect(decodeVirtualBody(at('/x'), { 'content-type': 'image/gif' }, Buffer.from([0, 255]), 100)).toEqual({ content: 'AP8=', contentType: 'image/gif', encoding: 'base64' });
  });

  test('undoes gzip within the cap and refuses past it with 502', () => {
    const zipped = gzipSync(Buffer.alloc(1000, 0x61));
    expect(decodeVirtualBody(at('/x'), { 'content-type': 'text/plain', 'content-encoding': 'gzip' }, zipped, 2000).content).toBe('a'.repeat(1000));
    expect(() => decodeVirtualBody(at('/x'), { 'content-type': 'text/plain', 'content-encoding': 'gzip' }, zipped, 999)).toThrow(FetchRefusal);
  });
});
