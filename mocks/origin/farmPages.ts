/**
 * The farm's fixed bodies and what a fetch service should report for each: the bytes exactly, the decoded
 * text, the MIME type and the encoding. The non-ASCII samples are written out byte by byte on purpose:
 * encoding them with a library would make the catalogue agree with whatever that library does, and the
 * point is to check decoders (farmPages.test.ts decodes them with the platform's WHATWG decoder).
 */
export interface FarmPage {
  path: string;
  summary: string;
  status: number;
  /** Headers the route sets, in the order sent, one entry per line (node:http adds Date and Connection). */
  headers: Array<[string, string]>;
  mimeType: string;
  /** WHATWG name of the body's encoding; null for binary bodies. */
  encoding: string | null;
  /**
   * Where the encoding is declared, for text bodies: the Content-Type charset, a byte order mark, an HTML
   * <meta>, an XML declaration, or the media type itself (JSON is UTF-8, RFC 8259 §8.1).
   */
  declaredIn: 'content-type' | 'bom' | 'meta-charset' | 'meta-http-equiv' | 'xml-declaration' | 'media-type' | null;
  /** The body decoded (a BOM is not part of the text); null for binary bodies. */
  text: string | null;
  body: Buffer;
}

/** A page's catalogue entry as JSON: the body as base64 so binary bodies compare exactly. */
export type FarmPageEntry = Omit<FarmPage, 'body'> & { base64: string; length: number };

/** A text sample: what it decodes to and its bytes in the page's encoding. */
interface Sample {
  text: string;
  bytes: Buffer;
}

/** A sample in UTF-8 (for an ASCII sample, the same bytes as in every other encoding the farm uses). */
function plainSample(text: string): Sample {
  return { text, bytes: Buffer.from(text, 'utf8') };
}

const utf8Sample = plainSample('Grüße aus Köln: 世界 — ✓ 🙂');

/** "café " then every byte of 0x80-0x9F that windows-1252 maps (ISO-8859-1 would give C1 controls). */
const windows1252Sample: Sample = {
  text: 'café €‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ',
  bytes: Buffer.from([
    0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8e,
    0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9e, 0x9f,
  ]),
};

const windows1251Sample: Sample = {
  text: 'Привет, мир',
  bytes: Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0]),
};

const iso88592Sample: Sample = {
  text: 'Zażółć gęślą jaźń',
  bytes: Buffer.from([
    0x5a, 0x61, 0xbf, 0xf3, 0xb3, 0xe6, 0x20, 0x67, 0xea, 0xb6, 0x6c, 0xb1, 0x20, 0x6a, 0x61, 0xbc, 0xf1,
  ]),
};

/** Two-byte kanji and kana (one with 0x7B '{' as its trail byte) and single-byte half-width katakana. */
const shiftJisSample: Sample = {
  text: '日本語のページ、こんにちは ｶﾀｶﾅ',
  bytes: Buffer.from([
    0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x83, 0x79, 0x81, 0x5b, 0x83, 0x57, 0x81, 0x41, 0x82, 0xb1,
    0x82, 0xf1, 0x82, 0xc9, 0x82, 0xbf, 0x82, 0xcd, 0x20, 0xb6, 0xc0, 0xb6, 0xc5,
  ]),
};

/** "Grüße, 世界\n" in UTF-16LE: two bytes a character, low byte first. */
const utf16leSample: Sample = {
  text: 'Grüße, 世界\n',
  bytes: Buffer.from([0x47, 0x00, 0x72, 0x00, 0xfc, 0x00, 0xdf, 0x00, 0x65, 0x00, 0x2c, 0x00, 0x20, 0x00, 0x16, 0x4e, 0x4c, 0x75, 0x0a, 0x00]),
};

const utf8Bom = Buffer.from([0xef, 0xbb, 0xbf]);
const utf16leBom = Buffer.from([0xff, 0xfe]);

/** `sample` between ASCII text (the same bytes in every encoding the farm uses but UTF-16). */
function wrapped(before: string, sample: Sample, after: string): Sample {
  return { text: before + sample.text + after, bytes: Buffer.concat([Buffer.from(before, 'ascii'), sample.bytes, Buffer.from(after, 'ascii')]) };
}

/** An HTML document around a sample; `head` holds any charset declaration, within the first 1024 bytes. */
function htmlDocument(title: string, head: string, sample: Sample): Sample {
  return wrapped(`<!doctype html>\n<html><head>${head}<title>${title}</title></head>\n<body><p>`, sample, '</p></body></html>\n');
}

interface TextPageSpec {
  path: string;
  summary: string;
  contentType: string;
  encoding: string;
  declaredIn: NonNullable<FarmPage['declaredIn']>;
  document: Sample;
  bom?: Buffer;
  extraHeaders?: Array<[string, string]>;
}

function textPage(spec: TextPageSpec): FarmPage {
  const body = spec.bom ? Buffer.concat([spec.bom, spec.document.bytes]) : spec.document.bytes;
  return {
    path: spec.path,
    summary: spec.summary,
    status: 200,
    headers: [['Content-Type', spec.contentType], ...(spec.extraHeaders ?? []), ['Content-Length', String(body.length)]],
    // What the farm's own literal says, not what the services' parser reads: the page is their oracle.
    mimeType: spec.contentType.split(';')[0]!.trim(),
    encoding: spec.encoding,
    declaredIn: spec.declaredIn,
    text: spec.document.text,
    body,
  };
}

function binaryPage(path: string, summary: string, mimeType: string, body: Buffer): FarmPage {
  return {
    path,
    summary,
    status: 200,
    headers: [['Content-Type', mimeType], ['Content-Length', String(body.length)]],
    mimeType,
    encoding: null,
    declaredIn: null,
    text: null,
    body,
  };
}

/** A 1x1 RGBA PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Every byte value once, up then down: no decoder or text round trip leaves it intact. */
const allBytes = Buffer.from([...Array.from({ length: 256 }, (_, i) => i), ...Array.from({ length: 256 }, (_, i) => 255 - i)]);

export const farmPages: readonly FarmPage[] = [
  textPage({
    path: '/small',
    summary: 'a small UTF-8 HTML page (for throughput)',
    contentType: 'text/html; charset=utf-8',
    encoding: 'UTF-8',
    declaredIn: 'content-type',
    document: htmlDocument('small', '', plainSample('small page')),
  }),
  textPage({
    path: '/page/utf-8',
    summary: 'UTF-8 HTML, charset in Content-Type',
    contentType: 'text/html; charset=utf-8',
    encoding: 'UTF-8',
    declaredIn: 'content-type',
    document: htmlDocument('UTF-8', '', utf8Sample),
  }),
  textPage({
    path: '/page/utf-8-bom',
    summary: 'UTF-8 HTML with a byte order mark and no charset anywhere else',
    contentType: 'text/html',
    encoding: 'UTF-8',
    declaredIn: 'bom',
    document: htmlDocument('UTF-8 with BOM', '', utf8Sample),
    bom: utf8Bom,
  }),
  textPage({
    path: '/page/text-plain',
    summary: 'UTF-8 plain text, charset in Content-Type',
    contentType: 'text/plain; charset=utf-8',
    encoding: 'UTF-8',
    declaredIn: 'content-type',
    document: plainSample(`${utf8Sample.text}\n`),
  }),
  textPage({
    path: '/page/windows-1252',
    summary: 'windows-1252 HTML with bytes 0x80-0x9F, charset in Content-Type',
    contentType: 'text/html; charset=windows-1252',
    encoding: 'windows-1252',
    declaredIn: 'content-type',
    document: htmlDocument('windows-1252', '', windows1252Sample),
  }),
  textPage({
    path: '/page/meta-charset',
    summary: 'windows-1251 HTML declared only by <meta charset> (Content-Type has no charset)',
    contentType: 'text/html',
    encoding: 'windows-1251',
    declaredIn: 'meta-charset',
    document: htmlDocument('meta charset', '<meta charset="windows-1251">', windows1251Sample),
  }),
  textPage({
    path: '/page/meta-http-equiv',
    summary: 'ISO-8859-2 HTML declared only by <meta http-equiv="Content-Type">',
    contentType: 'text/html',
    encoding: 'ISO-8859-2',
    declaredIn: 'meta-http-equiv',
    document: htmlDocument(
      'meta http-equiv',
      '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2">',
      iso88592Sample,
    ),
  }),
  textPage({
    path: '/page/shift_jis',
    summary: 'Shift_JIS HTML, charset in Content-Type',
    contentType: 'text/html; charset=Shift_JIS',
    encoding: 'Shift_JIS',
    declaredIn: 'content-type',
    document: htmlDocument('Shift_JIS', '', shiftJisSample),
  }),
  // One page per content-type family and place an encoding is declared in (FS-ENCODING's paths), each
  // in an encoding that the usual defaults (UTF-8, windows-1252) would read differently.
  textPage({
    path: '/page/text-plain-windows-1252',
    summary: 'windows-1252 plain text with bytes 0x80-0x9F, charset in Content-Type',
    contentType: 'text/plain; charset=windows-1252',
    encoding: 'windows-1252',
    declaredIn: 'content-type',
    document: wrapped('plain text: ', windows1252Sample, '\n'),
  }),
  textPage({
    path: '/page/utf-16le-bom',
    summary: 'UTF-16LE plain text with a byte order mark and no charset anywhere else',
    contentType: 'text/plain',
    encoding: 'UTF-16LE',
    declaredIn: 'bom',
    document: utf16leSample,
    bom: utf16leBom,
  }),
  textPage({
    path: '/page/xhtml-xml-declaration',
    summary: 'windows-1251 XHTML (application/xhtml+xml) declared only by its XML declaration',
    contentType: 'application/xhtml+xml',
    encoding: 'windows-1251',
    declaredIn: 'xml-declaration',
    document: wrapped(
      '<?xml version="1.0" encoding="windows-1251"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>XHTML</title></head><body><p>',
      windows1251Sample,
      '</p></body></html>\n',
    ),
  }),
  textPage({
    path: '/page/xml-charset',
    summary: 'ISO-8859-2 XML (text/xml), charset in Content-Type, an XML declaration without encoding',
    contentType: 'text/xml; charset=iso-8859-2',
    encoding: 'ISO-8859-2',
    declaredIn: 'content-type',
    document: wrapped('<?xml version="1.0"?>\n<greeting>', iso88592Sample, '</greeting>\n'),
  }),
  textPage({
    path: '/page/json',
    summary: 'UTF-8 JSON (application/json) without a charset: JSON is UTF-8 (RFC 8259 §8.1)',
    contentType: 'application/json',
    encoding: 'UTF-8',
    declaredIn: 'media-type',
    document: wrapped('{"greeting": "', utf8Sample, '"}\n'),
  }),
  textPage({
    path: '/page/css-charset',
    summary: 'windows-1252 CSS (text/css), charset in Content-Type',
    contentType: 'text/css; charset=windows-1252',
    encoding: 'windows-1252',
    declaredIn: 'content-type',
    document: wrapped('/* ', windows1252Sample, ' */\nbody { font-family: serif; }\n'),
  }),
  textPage({
    path: '/page/javascript-charset',
    summary: 'Shift_JIS JavaScript (text/javascript), charset in Content-Type',
    contentType: 'text/javascript; charset=Shift_JIS',
    encoding: 'Shift_JIS',
    declaredIn: 'content-type',
    document: wrapped('const greeting = "', shiftJisSample, '";\n'),
  }),
  textPage({
    path: '/headers/repeated',
    summary: 'two X-Repeat lines, two Set-Cookie lines and a multi-value Cache-Control',
    contentType: 'text/plain; charset=utf-8',
    encoding: 'UTF-8',
    declaredIn: 'content-type',
    document: plainSample('repeated headers\n'),
    extraHeaders: [
      ['X-Repeat', 'one'],
      ['X-Repeat', 'two'],
      ['Set-Cookie', 'first=1; Path=/'],
      ['Set-Cookie', 'second=2; Path=/; HttpOnly'],
      ['Cache-Control', 'no-cache, no-store, must-revalidate'],
    ],
  }),
  binaryPage('/binary/png', 'a 1x1 PNG image', 'image/png', png),
  binaryPage('/binary/octet-stream', 'every byte value 0x00-0xFF up then down', 'application/octet-stream', allBytes),
];

export function farmPageEntry(page: FarmPage): FarmPageEntry {
  const { body, ...rest } = page;
  return { ...rest, base64: body.toString('base64'), length: body.length };
}
