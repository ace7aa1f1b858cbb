import { normalizeEncoding } from '@exodus/bytes/encoding.js';
import { createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';

/** A page's text in the charset it is served in, or why it cannot be: the problem's field and message. */
export type EncodedBody = { bytes: Buffer } | { field: 'charset' | 'body'; message: string };

/**
 * Encodes `text` in `charset` (a WHATWG label, as a Content-Type carries it) with the project's charset
 * package, the one the service decodes with. UTF-8, UTF-16 and the single-byte charsets are encoded;
 * a multi-byte legacy charset (Shift_JIS, GBK...) is refused: its bytes go in bodyBase64.
 */
export function encodePageBody(text: string, charset: string | undefined): EncodedBody {
  if (charset === undefined) return { bytes: Buffer.from(text, 'utf8') };
  const name = normalizeEncoding(charset);
  if (!name) return { field: 'charset', message: `${JSON.stringify(charset)} is not a charset label the Encoding standard knows` };
  if (name === 'utf-8') return { bytes: Buffer.from(text, 'utf8') };
  if (name === 'utf-16le') return { bytes: Buffer.from(text, 'utf16le') };
  if (name === 'utf-16be') return { bytes: Buffer.from(text, 'utf16le').swap16() };
  let encode: (s: string) => Uint8Array;
  try {
    encode = createSinglebyteEncoder(name);
  } catch {
    return { field: 'charset', message: `the mock encodes body in UTF-8, UTF-16 and single-byte charsets, not ${name}: give the bytes as bodyBase64` };
  }
  try {
    const bytes = encode(text);
    return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  } catch {
    return { field: 'body', message: `holds a character ${name} cannot encode` };
  }
}
