import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { textReply, type BrokenConnection, type FarmResponse, type OriginRequest } from './FarmExchange.ts';
import type { FarmListener } from './FarmRoute.ts';
import type { OriginTable } from './originTable.ts';

/** How long the first bytes of a connection reset on purpose get to reach the client (loopback: ample). */
const settleMs = 50;

/**
 * The node:http adapter of the farm's route table, for one request on one of its listeners (`origin` is
 * the listener's base URL; `table` undefined while the farm still binds its listeners: 503). The reply is
 * written as the route gave it: header lines in order, a whole body, a stream at the pace the client reads
 * (it stops when the client goes away), or raw bytes on the connection and a reset or close. A stream
 * that fails midway cuts the connection, the only honest signal left.
 */
export async function answerFarmRequest(table: OriginTable | undefined, req: IncomingMessage, res: ServerResponse, listener: FarmListener, origin: string): Promise<void> {
  // A fixed port can be hit before the other listeners are bound: say so instead of hanging.
  if (!table) return write(res, textReply(503, 'the origin farm is starting\n'));
  const target = req.url ?? '';
  // Appended, not resolved against origin: "//host/x" must stay a path, not become another host.
  const url = target.startsWith('/') ? URL.parse(origin + target) : null;
  if (!url) return write(res, textReply(400, 'the farm takes origin-form request targets only (a path)\n'));
  const request: OriginRequest = {
    method: req.method ?? 'GET',
    origin,
    path: url.pathname,
    query: url.search.slice(1),
    target,
    // As node:http gives them, repeats and all: the request log keeps them so.
    headers: req.headers as Record<string, string | undefined>,
    body: '',
    listener,
    remoteAddress: req.socket.remoteAddress ?? null,
    onHangUp: (hungUp) =>
      res.once('close', () => {
        if (!res.writableFinished) hungUp();
      }),
  };
  const reply = await table.answer(request);
  if (res.destroyed) return;
  if ('raw' in reply) return breakConnection(req.socket, reply);
  if (!reply.stream) return write(res, reply);
  res.writeHead(reply.status, reply.headers.flat());
  res.flushHeaders();
  // pipeline waits for the socket to drain before each chunk, and stops the stream when the client goes.
  await pipeline(Readable.from(reply.stream), res).catch(() => undefined);
}

function write(res: ServerResponse, reply: FarmResponse): void {
  res.writeHead(reply.status, reply.headers.flat());
  res.end(reply.body);
}

/** Bytes on the connection itself, bypassing node:http, which would never send a broken message. */
async function breakConnection(socket: Socket, reply: BrokenConnection): Promise<void> {
  await new Promise<void>((resolve, reject) => socket.write(reply.raw, (err) => (err ? reject(err) : resolve())));
  if (reply.then === 'close') return void socket.end();
  await sleep(settleMs);
  reset(socket);
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
