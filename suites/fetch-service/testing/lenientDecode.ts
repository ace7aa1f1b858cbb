import { isUtf8 } from 'node:buffer';
import contentType from 'content-type';
import htmlEncodingSniffer from 'html-encoding-sniffer';
import { TextDecoder } from '../../../src/encoding/TextDecoder.ts';

/** What the lenient service reports of a body: its media type, the encoding it read it with, the text. */
export interface LenientBody {
  contentType: string;
  encoding: string;
  content: string;
}

const textual = /^(text\/.+|application\/(.+\+)?(json|xml)|application\/(java|ecma)script)$/;

/** How a body that is not text is carried: base64 (every byte kept), or decoded as UTF-8 as if it were text (bytes lost). */
export type BinaryAs = 'base64' | 'utf-8';

/**
 * The lenient service's reading of a fetched body (test-only, written apart from the reference's
 * decodeBody): text in the encoding a browser would pick (byte order mark, then the Content-Type charset,
 * then an HTML <meta> or the XML declaration; JSON is UTF-8; else UTF-8 when the bytes are, windows-1252
 * when not); anything else as `binaryAs` says, and text it cannot decode as base64.
 */
export function lenientDecode(bytes: Buffer, header: string | undefined, binaryAs: BinaryAs = 'base64'): LenientBody {
  let type = 'application/octet-stream';
  let charset: string | undefined;
  try {
    if (header) {
      const parsed = contentType.parse(header);
      type = parsed.type;
      charset = parsed.parameters.charset;
    }
  } catch {
    type = header?.split(';', 1)[0]?.trim().toLowerCase() || type;
  }
  if (!textual.test(type)) {
    return binaryAs === 'base64' ? { contentType: type, encoding: 'base64', content: bytes.toString('base64') } : { contentType: type, encoding: 'utf-8', content: new TextDecoder('utf-8').decode(bytes) };
  }
  const xml = /xml$/.test(type);
  const transport = charset ? { transportLayerEncodingLabel: charset } : {};
  const fallback = /json$/.test(type) || isUtf8(bytes) ? 'UTF-8' : 'windows-1252';
  const encoding = xml ? htmlEncodingSniffer(bytes, { xml: true, ...transport }) : htmlEncodingSniffer(bytes, { ...transport, defaultEncoding: fallback, maxPrescanBytes: type === 'text/html' ? 1024 : 0 });
  try {
    return { contentType: type, encoding, content: new TextDecoder(encoding).decode(bytes) };
  } catch {
    return { contentType: type, encoding: 'base64', content: bytes.toString('base64') };
  }
}
