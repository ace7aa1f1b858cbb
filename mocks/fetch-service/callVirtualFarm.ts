import { Readable } from 'node:stream';
import { upstreamFailed } from '../../src/fetch-service/core/ServiceError.ts';
import type { FarmReply, HeaderLines, OriginRequest } from '../origin/FarmExchange.ts';
import type { FarmListener } from '../origin/FarmRoute.ts';
import type { OriginTable } from '../origin/originTable.ts';

export interface VirtualTarget {
  table: OriginTable;
  listener: FarmListener;
  /** Base URL of the listener, as the farm's routes build absolute Locations on it. */
  origin: string;
}

/** What the farm answered, as a fetch reads it: the status, the header lines and the body as a stream. */
export interface VirtualResponse {
  status: number;
  headers: HeaderLines;
  body: Readable;
}

/**
 * One GET of `url` answered by an origin farm's route table in memory (its in-memory adapter): no socket,
 * no copy of what the farm serves, the request logged as the farm logs it. `hangUp` aborting is the client
 * going away (the fetch's deadline, or its end): the route stops waiting and the body stream is destroyed.
 * A route that breaks its connection is what a client of the real farm sees then: a 502.
 */
export async function callVirtualFarm(target: VirtualTarget, url: URL, hangUp: AbortSignal): Promise<VirtualResponse> {
  hangUp.throwIfAborted();
  const request: OriginRequest = {
    method: 'GET',
    origin: target.origin,
    path: url.pathname,
    query: url.search.slice(1),
    target: url.pathname + url.search,
    headers: { host: url.host, 'user-agent': 'conform-fetch-service-mock', accept: '*/*' },
    body: '',
    listener: target.listener,
    remoteAddress: 'virtual',
    onHangUp: (listener) => hangUp.addEventListener('abort', listener, { once: true }),
  };
  const answering = Promise.resolve(target.table.answer(request));
  // A route that outlives the hang-up is not waited for; whatever it answers then goes nowhere.
  answering.catch(() => undefined);
  const gone = new Promise<undefined>((resolve) => hangUp.addEventListener('abort', () => resolve(undefined), { once: true }));
  const reply: FarmReply | undefined = await Promise.race([answering, gone]);
  if (!reply) throw hangUp.reason;
  if ('raw' in reply) throw upstreamFailed();
  const body = Readable.from(reply.stream ?? (reply.body ? [reply.body] : []));
  // The reader (readCappedBody) gets the hang-up as the stream's error; a body nobody reads (a redirect's,
  // one already read) is dropped without one.
  body.on('error', () => undefined);
  hangUp.addEventListener('abort', () => body.destroy(hangUp.reason as Error), { once: true });
  return { status: reply.status, headers: reply.headers, body };
}
