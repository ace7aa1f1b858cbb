import type { IncomingMessage } from 'node:http';
import { badRequest, callerGone, requestTooLarge, type ServiceError } from './core/ServiceError.ts';

// Stateless between calls (no streaming), so one decoder serves every request.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** How much of an oversized body is read and dropped after the refusal: at most this much, this long. */
export interface DrainLimits {
  bytes: number;
  ms: number;
}

const DRAIN: DrainLimits = { bytes: 64 * 1024 * 1024, ms: 5_000 };

/**
 * The refusal of an oversized body. The client is most likely still sending it: a server that closed now
 * would have the client's writes answered by a reset, which can erase the 400 before the client reads it
 * (RFC 9112 §9.6). So the rest is read and dropped, holding nothing, and only past the drain limits is the
 * connection cut.
 */
function tooLarge(req: IncomingMessage, maxBytes: number, drain: DrainLimits): ServiceError {
  let dropped = 0;
  const cut = setTimeout(() => req.socket.destroy(), drain.ms).unref();
  const stop = () => clearTimeout(cut);
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > drain.bytes) req.socket.destroy();
  });
  req.once('end', stop).once('close', stop).resume();
  return requestTooLarge(maxBytes);
}

/**
 * Reads a request body of at most `maxBytes` as UTF-8 text (a BOM dropped), refusing a longer one as soon
 * as it shows; what the text must hold is the request rule's to say (core/validateFetchRequest).
 */
export async function readRequestText(req: IncomingMessage, maxBytes: number, drain: DrainLimits = DRAIN): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(req, maxBytes, drain);
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    // Listeners rather than for-await: leaving a for-await loop early destroys the socket, and with it the
    // 400 reply.
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxBytes) return void chunks.push(chunk);
      req.off('data', onData);
      reject(tooLarge(req, maxBytes, drain));
    };
    req.on('data', onData);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)));
    // A caller gone mid-body: nothing more will come, and the request must not stay in flight.
    req.once('error', () => reject(callerGone()));
    req.once('close', () => {
      if (!req.complete) reject(callerGone());
    });
  });
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw badRequest('The request body must be UTF-8 encoded JSON.');
  }
}
