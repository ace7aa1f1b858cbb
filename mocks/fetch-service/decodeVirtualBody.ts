import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { farmPages } from '../origin/farmPages.ts';
import { tooLarge, upstreamFailed } from './FetchRefusal.ts';
import { TextDecoder } from '../../src/encoding/TextDecoder.ts';

/** The result fields that describe the body (seed §2). */
export interface DecodedBody {
  content: string;
  /** MIME type without parameters, lowercase. */
  contentType: string;
  /** Lowercase WHATWG encoding name, or "base64" for a binary body (the OpenAPI's convention). */
  encoding: string;
}

const decompressors: Record<string, typeof gunzipSync> = { gzip: gunzipSync, 'x-gzip': gunzipSync, deflate: inflateSync, br: brotliDecompressSync };

/**
 * Turns a virtual response's bytes into content, contentType and encoding. A page of the farm's catalogue
 * is reported as the catalogue says (its text, MIME type and encoding: the single source the conformance
 * suite also checks against); anything else by its Content-Type, UTF-8 when no charset is given. A content
 * coding is undone with the size cap applied to what it inflates to.
 */
export function decodeVirtualBody(url: URL, headers: Record<string, string>, raw: Buffer, maxBytes: number): DecodedBody {
  const bytes = decompress(raw, headers['content-encoding'], maxBytes);
  const page = farmPages.find((p) => p.path === url.pathname && p.body.equals(bytes));
  if (page) {
    return page.text === null || page.encoding === null
      ? { content: bytes.toString('base64'), contentType: page.mimeType, encoding: 'base64' }
      : { content: page.text, contentType: page.mimeType.toLowerCase(), encoding: new TextDecoder(page.encoding).encoding };
  }
  const header = headers['content-type'];
  if (header === undefined) return bytes.length ? asBase64(bytes, 'application/octet-stream') : { content: '', contentType: 'text/plain', encoding: 'utf-8' };
  const contentType = header.split(';', 1)[0]!.trim().toLowerCase();
  if (!isTextual(contentType)) return asBase64(bytes, contentType);
  const decoder = decoderFor(/;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(header)?.[1]);
  return { content: decoder.decode(bytes), contentType, encoding: decoder.encoding };
}

function decompress(raw: Buffer, coding: string | undefined, maxBytes: number): Buffer {
  const name = coding?.trim().toLowerCase();
  if (!name || name === 'identity') return raw;
  const inflate = decompressors[name];
  if (!inflate) throw upstreamFailed('The fetched response has a content coding the service cannot decode.');
  try {
    return inflate(raw, { maxOutputLength: maxBytes });
  } catch (err) {
    if (err instanceof RangeError) throw tooLarge(maxBytes);
    throw upstreamFailed('The fetched response could not be decompressed.');
  }
}

function isTextual(type: string): boolean {
  return type.startsWith('text/') || /^application\/(json|xml|javascript|xhtml\+xml)$/.test(type) || /\+(json|xml)$/.test(type);
}

function decoderFor(label: string | undefined): TextDecoder {
  try {
    return new TextDecoder(label ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

function asBase64(bytes: Buffer, contentType: string): DecodedBody {
  return { content: bytes.toString('base64'), contentType, encoding: 'base64' };
}
