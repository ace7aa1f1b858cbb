import type { IncomingMessage } from 'node:http';
import { maxMockBodyBytes } from './MockExchange.ts';

/**
 * A request body as both HTTP adapters read it: its bytes, or null past maxMockBodyBytes (the rest is
 * read and dropped, so the 413 can still be written). Callbacks, not a promise: the node:http adapter
 * answers a small form without a turn of the microtask queue.
 */
export function readMockBody(req: IncomingMessage, done: (body: Buffer | null) => void, failed: (err: Error) => void, limit = maxMockBodyBytes): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  });
  req.once('end', () => done(size > limit ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
  req.once('error', failed);
}
