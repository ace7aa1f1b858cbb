import { describe, expect, test } from 'vitest';
import { farmPageEntry, farmPages } from './farmPages.ts';
import { TextDecoder } from '../../src/encoding/TextDecoder.ts';

const textPages = farmPages.filter((page) => page.encoding !== null);
const byPath = (path: string) => farmPages.find((page) => page.path === path)!;
const header = (path: string, name: string) =>
  byPath(path).headers.filter(([key]) => key.toLowerCase() === name.toLowerCase()).map(([, value]) => value);

describe('farmPages', () => {
  test.each(textPages.map((page) => [page.path, page] as const))(
    '%s: the platform WHATWG decoder turns the bytes into the expected text',
    (_, page) => {
      expect(new TextDecoder(page.encoding!, { fatal: true }).decode(page.body)).toBe(page.text);
    },
  );

  test('paths are unique and every page sends an exact Content-Length and its MIME type', () => {
    expect(new Set(farmPages.map((page) => page.path)).size).toBe(farmPages.length);
    for (const page of farmPages) {
      expect(header(page.path, 'Content-Length')).toEqual([String(page.body.length)]);
      expect(header(page.path, 'Content-Type')[0]!.startsWith(page.mimeType)).toBe(true);
    }
  });

  test('windows-1252 carries bytes 0x80-0x9F, which ISO-8859-1 and UTF-8 would decode differently', () => {
    const page = byPath('/page/windows-1252');
    expect([...page.body].filter((b) => b >= 0x80 && b <= 0x9f).length).toBeGreaterThanOrEqual(27);
    expect(page.body.toString('latin1')).not.toBe(page.text);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(page.body)).toThrow();
  });

  test('the BOM page starts with EF BB BF, declares no charset, and its text has no BOM', () => {
    const page = byPath('/page/utf-8-bom');
    expect([...page.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(header(page.path, 'Content-Type')).toEqual(['text/html']);
    expect(page.text!.startsWith('<!doctype html>')).toBe(true);
  });

  test('meta-declared pages: no charset in Content-Type, the declaration within the first 1024 bytes', () => {
    for (const [path, declaration] of [
      ['/page/meta-charset', '<meta charset="windows-1251">'],
      ['/page/meta-http-equiv', '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2">'],
    ] as const) {
      expect(header(path, 'Content-Type')).toEqual(['text/html']);
      expect(byPath(path).body.subarray(0, 1024).toString('latin1')).toContain(declaration);
      // The page would read differently in the usual defaults, so only honouring the declaration passes.
      expect(new TextDecoder('windows-1252').decode(byPath(path).body)).not.toBe(byPath(path).text);
      expect(new TextDecoder('utf-8').decode(byPath(path).body)).not.toBe(byPath(path).text);
    }
  });

  test('a page per content-type family and declaration place, each read differently by the usual defaults', () => {
    const families = textPages.filter((page) => page.path.startsWith('/page/')).map((page) => `${page.mimeType} ${page.declaredIn}`);
    for (const family of ['text/html content-type', 'text/html bom', 'text/html meta-charset', 'text/plain content-type', 'text/plain bom', 'application/xhtml+xml xml-declaration', 'text/xml content-type', 'application/json media-type', 'text/css content-type', 'text/javascript content-type']) {
      expect(families).toContain(family);
    }
    for (const page of textPages.filter((p) => p.path.startsWith('/page/') && p.encoding !== 'UTF-8')) {
      expect(new TextDecoder('windows-1252').decode(page.body) === page.text && new TextDecoder('utf-8').decode(page.body) === page.text, page.path).toBe(false);
      if (page.declaredIn !== 'content-type') expect(header(page.path, 'Content-Type')[0], page.path).not.toContain('charset');
    }
  });

  test('the UTF-16LE page starts with FF FE; the XHTML page declares its encoding in its XML declaration', () => {
    expect([...byPath('/page/utf-16le-bom').body.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(byPath('/page/xhtml-xml-declaration').body.subarray(0, 60).toString('latin1')).toMatch(/^<\?xml version="1.0" encoding="windows-1251"\?>/);
    // JSON without a charset is UTF-8 beyond ASCII: a service falling back to windows-1252 reads it wrongly.
    expect(new TextDecoder('windows-1252').decode(byPath('/page/json').body)).not.toBe(byPath('/page/json').text);
  });

  test('Shift_JIS has double-byte characters (one with trail byte 0x7B) and half-width katakana', () => {
    const page = byPath('/page/shift_jis');
    expect(page.body.includes(Buffer.from([0x96, 0x7b]))).toBe(true);
    expect(page.text).toContain('日本語');
    expect(page.text).toContain('ｶﾀｶﾅ');
  });

  test('binary bodies: a PNG and every byte value, neither valid UTF-8', () => {
    const png = byPath('/binary/png');
    expect([...png.body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const octets = byPath('/binary/octet-stream');
    expect(new Set(octets.body).size).toBe(256);
    for (const page of [png, octets]) {
      expect(page.text).toBeNull();
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(page.body)).toThrow();
    }
  });

  test('repeated headers: two X-Repeat, two Set-Cookie, one Cache-Control with several directives', () => {
    expect(header('/headers/repeated', 'X-Repeat')).toEqual(['one', 'two']);
    expect(header('/headers/repeated', 'Set-Cookie')).toHaveLength(2);
    expect(header('/headers/repeated', 'Cache-Control')).toEqual(['no-cache, no-store, must-revalidate']);
  });

  test('farmPageEntry gives the bytes as base64 and drops the Buffer', () => {
    const entry = farmPageEntry(byPath('/binary/octet-stream'));
    expect(Buffer.from(entry.base64, 'base64')).toEqual(byPath('/binary/octet-stream').body);
    expect(entry.length).toBe(512);
    expect(entry).not.toHaveProperty('body');
  });
});
