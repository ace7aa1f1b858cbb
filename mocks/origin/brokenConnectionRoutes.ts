import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FarmRoute } from './FarmRoute.ts';
import { sendText } from './sendBody.ts';

/** What the broken responses promise in Content-Length, and the part of it they send before breaking. */
export const promisedLength = 65_536;
export const sentLength = 1024;

/** How long the first bytes get to reach the client before the connection breaks (loopback: ample). */
const settleMs = 50;

/**
 * Writes bytes on the connection itself, bypassing node:http, which would never send a broken message.
 * The http server still owns the socket and closes it on shutdown.
 */
function writeRaw(socket: Socket, head: string[], body: Buffer | string): Promise<void> {
  const bytes = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body)]);
  return new Promise((resolve, reject) => socket.write(bytes, (err) => (err ? reject(err) : resolve())));
}

function truncatedHead(): string[] {
  return ['HTTP/1.1 200 OK', 'Content-Type: text/plain; charset=utf-8', `Content-Length: ${promisedLength}`, 'Connection: close'];
}

/**
 * Sends a TCP RST. On TLS the reset must go to the TCP socket under the TLS one (`_parent`, node's own
 * field: TLSSocket has no public handle on it); destroy() is the fallback, a close without close_notify.
 */
function reset(socket: Socket): void {
  const tcp = (socket as Socket & { _parent?: Socket })._parent ?? socket;
  try {
    tcp.resetAndDestroy();
  } catch {
    socket.destroy();
  }
  socket.destroy();
}

const filler = (length: number): string => 'x'.repeat(length);

export const brokenConnectionRoutes: readonly FarmRoute[] = [
  {
    path: '/broken/reset',
    summary: `promises ${promisedLength} bytes, sends ${sentLength}, then resets the connection (TCP RST)`,
    async handle({ req }) {
      await writeRaw(req.socket, truncatedHead(), filler(sentLength));
      await sleep(settleMs);
      reset(req.socket);
    },
  },
  {
    path: '/broken/truncated',
    summary: `promises ${promisedLength} bytes, sends ${sentLength}, then closes the connection cleanly`,
    async handle({ req }) {
      await writeRaw(req.socket, truncatedHead(), filler(sentLength));
      req.socket.end();
    },
  },
  {
    path: '/broken/chunked',
    summary: 'Transfer-Encoding: chunked whose second chunk size is not hexadecimal',
    async handle({ req }) {
      const head = ['HTTP/1.1 200 OK', 'Content-Type: text/plain; charset=utf-8', 'Transfer-Encoding: chunked', 'Connection: close'];
      await writeRaw(req.socket, head, '5\r\nhello\r\nzz\r\nnot a chunk\r\n0\r\n\r\n');
      req.socket.end();
    },
  },
  {
    path: '/broken/gzip',
    summary: 'Content-Encoding: gzip over a body that is not gzip',
    handle({ res }) {
      sendText(res, 200, 'this is not gzip data\n', { 'Content-Encoding': 'gzip' });
    },
  },
];
