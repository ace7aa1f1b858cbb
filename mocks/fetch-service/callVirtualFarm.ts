import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FarmInfo, FarmListener } from '../origin/FarmRoute.ts';
import { handleFarmRequest } from '../origin/handleFarmRequest.ts';
import { originRoutes } from '../origin/originRoutes.ts';
import type { RequestLog } from '../origin/RequestLog.ts';
import { VirtualResponse, type VirtualBreak } from './VirtualResponse.ts';

export interface VirtualTarget {
  farm: FarmInfo;
  listener: FarmListener;
  /** Base URL of the listener, as the farm's routes build absolute Locations on it. */
  origin: string;
}

export type VirtualExchange =
  | { ok: true; status: number; rawHeaders: Array<[string, string]>; body: Buffer }
  | { ok: false; reason: VirtualBreak };

export interface VirtualCallOptions {
  maxBytes: number;
  /** When the exchange is cut as timed out, in milliseconds from now. */
  deadlineMs: number;
  /** Where the farm's handler logs the request (`/__farm/requests` of the virtual farm reads it). */
  log: RequestLog;
}

/**
 * One GET of `url` answered by the origin farm's own request handler and route table, in memory: no
 * socket, no copy of what the farm serves. Routes that write raw bytes on the connection (the broken
 * ones) get a socket stand-in whose first use counts as a broken connection.
 */
export async function callVirtualFarm(target: VirtualTarget, url: URL, options: VirtualCallOptions): Promise<VirtualExchange> {
  const res = new VirtualResponse(options.maxBytes);
  const socket = {
    remoteAddress: 'virtual',
    write: (_bytes: unknown, callback?: () => void) => {
      res.break('broken');
      callback?.();
      return true;
    },
    end: () => res.break('broken'),
    destroy: () => res.break('broken'),
    resetAndDestroy: () => res.break('broken'),
  };
  const req = {
    method: 'GET',
    url: url.pathname + url.search,
    headers: { host: url.host, 'user-agent': 'conform-fetch-service-mock', accept: '*/*' },
    socket,
  };
  const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
  const timer = setTimeout(() => res.break('deadline'), options.deadlineMs);
  const state = { info: target.farm, log: options.log, routes: originRoutes };
  // The farm's routes use only the parts of IncomingMessage and ServerResponse given here.
  const handled = handleFarmRequest(req as unknown as IncomingMessage, res as unknown as ServerResponse, target.listener, target.origin, state).catch(() =>
    res.break('broken'),
  );
  try {
    await Promise.race([handled, closed]);
    // A route that returned without ending its response left the connection as a broken one would.
    if (!res.writableEnded) res.break('broken');
    await closed;
  } finally {
    clearTimeout(timer);
  }
  return res.broke ? { ok: false, reason: res.broke } : { ok: true, status: res.statusCode, rawHeaders: res.rawHeaders, body: res.body };
}
