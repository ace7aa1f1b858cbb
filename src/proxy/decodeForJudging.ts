import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

const decoders: Record<string, (body: Buffer, maxOutputLength: number) => Buffer> = {
  gzip: (b, max) => gunzipSync(b, { maxOutputLength: max }),
  'x-gzip': (b, max) => gunzipSync(b, { maxOutputLength: max }),
  deflate: (b, max) => inflateSync(b, { maxOutputLength: max }),
  br: (b, max) => brotliDecompressSync(b, { maxOutputLength: max }),
};

/**
 * An answer's body as the judges read it: decoded from its Content-Encoding (the codings applied last
 * undone first), at most `maxBytes` of it (a gzip bomb stops there), as boundedRequest decodes what the
 * suites read. A coding this proxy does not know, or a body that does not decode, is read as it came:
 * the app got those bytes, and a judge says what they are.
 */
export function decodeForJudging(body: Buffer, contentEncoding: string | undefined, maxBytes: number): Buffer {
  const codings = (contentEncoding ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'identity');
  if (!codings.length || !codings.every((c) => c in decoders)) return body;
  try {
    return codings.reverse().reduce((bytes, c) => decoders[c]!(bytes, maxBytes), body);
  } catch {
    return body;
  }
}
