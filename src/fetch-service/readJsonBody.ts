import type { IncomingMessage } from 'node:http';
import { badRequest, callerGone, ServiceError } from './ServiceError.ts';

// Stateless between calls (no streaming), so one decoder serves every request.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function tooLarge(maxBytes: number): ServiceError {
  // The rest of an oversized body is not read: the connection is closed after the reply instead.
  return new ServiceError(400, 'bad_request', `The request body must be at most ${maxBytes} bytes.`, { connection: 'close' });
}

/** Reads and parses a JSON request body of at most `maxBytes`, refusing a longer one before reading it all. */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    // Listeners rather than for-await: leaving a for-await loop early destroys the socket, and with it the
    // 400 reply.
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxBytes) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      reject(tooLarge(maxBytes));
    };
    req.on('data', onData);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)));
    // A caller gone mid-body: nothing more will come, and the request must not stay in flight.
    req.once('error', () => reject(callerGone()));
    req.once('close', () => {
      if (!req.complete) reject(callerGone());
    });
  });
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw badRequest('The request body must be UTF-8 encoded JSON.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}
