import { isTextual, parseMediaType } from '../../json/mediaType.ts';
import { resolveEncoding } from './resolveEncoding.ts';
import { sniffMediaType } from './sniffMediaType.ts';
import { TextDecoder } from '../../encoding/TextDecoder.ts';

export interface DecodedBody {
  content: string;
  /** The MIME type without parameters. */
  contentType: string;
  /** Lowercase WHATWG encoding name the content was decoded with, or "base64" for a binary body. */
  encoding: string;
}

/**
 * Turns fetched bytes into the result's content, contentType and encoding. Text is decoded with the
 * encoding a browser would use; a binary body, or one still under a content coding the service could not
 * undo, is returned as base64 so no byte is lost.
 */
export function decodeBody(bytes: Buffer, contentTypeHeader: string | string[] | undefined, decoded = true): DecodedBody {
  const mediaType = parseMediaType(contentTypeHeader);
  const contentType = mediaType?.essence ?? sniffMediaType(bytes);
  if (!decoded || !isTextual(contentType)) return asBase64(bytes, contentType);
  const encoding = resolveEncoding(bytes, contentType, mediaType?.charset).toLowerCase();
  let decoder: TextDecoder;
  try {
    decoder = decoderFor(encoding);
  } catch {
    // The WHATWG "replacement" encoding (ISO-2022-KR and kin) decodes any input to one U+FFFD; Node has
    // no decoder for it.
    if (encoding === 'replacement') return { content: bytes.length ? '\uFFFD' : '', contentType, encoding };
    return asBase64(bytes, contentType);
  }
  return { content: decoder.decode(bytes), contentType, encoding };
}

// One decoder per encoding name (a few dozen exist): decoding without streaming keeps no state between calls.
const decoders = new Map<string, TextDecoder>();

function decoderFor(encoding: string): TextDecoder {
  let decoder = decoders.get(encoding);
  if (decoder === undefined) decoders.set(encoding, (decoder = new TextDecoder(encoding)));
  return decoder;
}

function asBase64(bytes: Buffer, contentType: string): DecodedBody {
  return { content: bytes.toString('base64'), contentType, encoding: 'base64' };
}
