import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Reservation } from './BufferBudget.ts';
import { atCapacity, responseTooLarge } from './ServiceError.ts';

export interface CappedBody {
  bytes: Buffer;
  /** False when a content coding the service cannot undo was applied: the bytes are as received. */
  decoded: boolean;
}

/**
 * Output chunk of the decoders: 256 KiB instead of zlib's 16 KiB. Each chunk is a round trip between the
 * thread pool and the event loop, so a compression bomb reaches the size cap in a sixteenth of the round
 * trips. On an event loop busy 20 ms in every 25 ms, its 502 (cap 1 MiB) came after 0.3-0.5 s instead of
 * 1.8 s, which had turned it into a 504 under a 2 s timeout.
 */
const decoderOptions = { chunkSize: 256 * 1024 };

const DECODERS: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(decoderOptions),
  'x-gzip': () => zlib.createGunzip(decoderOptions),
  deflate: () => zlib.createInflate(decoderOptions),
  br: () => zlib.createBrotliDecompress(decoderOptions),
  zstd: () => zlib.createZstdDecompress(decoderOptions),
};

/**
 * Drops a response body unread, closing its connection. undici reports a body destroyed before its end as
 * an error event; nobody is left to care about it, so it is swallowed rather than left uncaught.
 */
export function discardBody(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

/**
 * Reads and drops what little a body carries (a redirect's), so that its connection can be reused; a body
 * past `limit` bytes, declared or read, is destroyed instead. Resolves once the body is closed, either way.
 */
export function skipBody(body: Readable, contentLength: string | undefined, limit = 64 * 1024): Promise<void> {
  return new Promise((resolve) => {
    body.on('error', () => undefined);
    if (body.closed) return resolve();
    body.once('close', () => resolve());
    if (Number(contentLength) > limit) return void body.destroy();
    let read = 0;
    body.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) body.destroy();
    });
  });
}

/** The Accept-Encoding the service sends: codings every supported Node can undo. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** Content codings in the order they were applied, identity left out (RFC 9110 §8.4). */
export function contentCodings(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

/** Where the bytes kept go: at most `maxBytes` for this body, each one taken from the shared budget. */
interface Keeper {
  maxBytes: number;
  reservation: Reservation;
}

/**
 * Reads a response body, refusing it as soon as it passes `maxBytes`: counted while streaming, both as
 * received and after decompression (a small gzip can inflate to gigabytes), and before reading at all
 * when Content-Length already says too much. Nothing past the cap is held in memory, and every byte held
 * is taken from the reservation first (a declared length up front), so the service's total stays bounded.
 */
export async function readCappedBody(
  body: Readable,
  headers: { contentEncoding?: string; contentLength?: string },
  keeper: Keeper,
): Promise<CappedBody> {
  const { maxBytes, reservation } = keeper;
  const declared = Number(headers.contentLength);
  if (Number.isFinite(declared) && declared > maxBytes) {
    discardBody(body);
    throw responseTooLarge(maxBytes);
  }
  const codings = contentCodings(headers.contentEncoding);
  const known = codings.every((c) => c in DECODERS);
  if (codings.length === 0 || !known) {
    // A declared length is reserved whole before reading, so a fetch that cannot fit is shed at once.
    if (Number.isFinite(declared) && declared > 0 && !reservation.take(declared)) {
      discardBody(body);
      throw atCapacity();
    }
    const prepaid = Number.isFinite(declared) ? declared : 0;
    return { bytes: await readRaw(body, maxBytes, prepaid, reservation), decoded: codings.length === 0 };
  }
  const sink = collector(keeper);
  const decoders = codings.reverse().map((c) => DECODERS[c]!());
  await pipeline([body, counter(maxBytes), ...decoders, sink.stream]);
  return { bytes: sink.bytes(), decoded: true };
}

/** The error for the chunk that brings a body to `total` bytes, if keeping it is not allowed. */
function keepRefusal(total: number, chunk: number, prepaid: number, keeper: Keeper): Error | undefined {
  if (total > keeper.maxBytes) return responseTooLarge(keeper.maxBytes);
  // Bytes within a reserved declared length are already paid for; only bytes beyond it are taken.
  const unpaid = Math.min(chunk, total - prepaid);
  if (unpaid > 0 && !keeper.reservation.take(unpaid)) return atCapacity();
  return undefined;
}

// The common case (no coding) without stream plumbing or async iteration: it is the service's hot path.
function readRaw(body: Readable, maxBytes: number, prepaid: number, reservation: Reservation): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    body.on('data', (chunk: Buffer) => {
      total += chunk.length;
      const refusal = keepRefusal(total, chunk.length, prepaid, { maxBytes, reservation });
      if (!refusal) return void chunks.push(chunk);
      body.removeAllListeners('data');
      discardBody(body);
      reject(refusal);
    });
    // One chunk (a small page) is the body as it is: no copy.
    body.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)));
    body.once('error', reject);
  });
}

function counter(maxBytes: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      callback(total > maxBytes ? responseTooLarge(maxBytes) : null, chunk);
    },
  });
}

function collector(keeper: Keeper): { stream: Writable; bytes(): Buffer } {
  const chunks: Buffer[] = [];
  let total = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      const refusal = keepRefusal(total, chunk.length, 0, keeper);
      if (refusal) return callback(refusal);
      chunks.push(chunk);
      callback();
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks, total) };
}
