import { PathPattern } from '../../src/openapi/PathPattern.ts';
import type { RouteTable } from '../MockExchange.ts';
import { textReply, type FarmReply, type OriginRequest } from './FarmExchange.ts';
import { controlPrefix } from './farmRoutes.ts';
import type { FarmInfo } from '../../src/exchange/farmInfo.ts';
import type { FarmListener, FarmRoute } from './FarmRoute.ts';
import { originRoutes } from './originRoutes.ts';
import { QueryError } from './queryInteger.ts';
import type { FarmRequest, RequestLog } from './RequestLog.ts';

/** The farm's behaviour as a route table, which the listeners (answerFarmRequest) and the fetch mock (in memory) serve. */
export interface OriginTable extends RouteTable<OriginRequest, FarmReply> {
  readonly info: FarmInfo;
  /** The listener an origin (scheme://host:port) names, if it is one of this farm's. */
  listenerAt(origin: string): FarmListener | undefined;
  /** How long the route for `url` takes to answer in full (0 for at once), so a client can foresee a timeout. */
  plannedDelayMs(url: URL): number;
}

/** The farm's listeners by the FarmInfo field that gives each one's base URL. */
export const farmListeners: ReadonlyArray<readonly [FarmListener, keyof FarmInfo]> = [
  ['http', 'httpUrl'],
  ['https', 'httpsUrl'],
  ['expired-tls', 'expiredTlsUrl'],
  ['wrong-host-tls', 'wrongHostTlsUrl'],
];

/**
 * The origin farm at `info` as one route table: a request is logged (unless it asks about the farm
 * itself), then answered by the first route whose path pattern matches, with the farm's 404 for none. A
 * route's QueryError is the client's fault, 400; any other failure 500.
 */
export function originTable(info: FarmInfo, log: RequestLog, routes: readonly FarmRoute[] = originRoutes): OriginTable {
  const patterns = routes.map((route) => ({ route, pattern: new PathPattern(route.path) }));
  const listeners = new Map<string, FarmListener>();
  for (const [listener, field] of farmListeners) {
    const origin = new URL(info[field]).origin;
    // The first listener named for an origin wins.
    if (!listeners.has(origin)) listeners.set(origin, listener);
  }

  const find = (pathname: string): { route: FarmRoute; params: Record<string, string> } | undefined => {
    for (const { route, pattern } of patterns) {
      const match = pattern.match(pathname);
      if (match) return { route, params: match.params };
    }
    return undefined;
  };

  return {
    info,
    listenerAt: (origin) => listeners.get(origin),
    serves: (origin) => listeners.has(origin),
    plannedDelayMs(url) {
      try {
        return find(url.pathname)?.route.plannedDelayMs?.(url) ?? 0;
      } catch {
        // A malformed query: the route itself answers 400 at once.
        return 0;
      }
    },
    async answer(request) {
      const url = new URL(`${request.origin}${request.path}${request.query ? `?${request.query}` : ''}`);
      const entry = url.pathname.startsWith(controlPrefix) ? undefined : logEntry(request, url);
      if (entry) log.record(entry);
      const match = find(url.pathname);
      if (!match) return textReply(404, `no route ${url.pathname}: see ${info.httpUrl}/__farm/routes\n`);
      const gone = new AbortController();
      request.onHangUp(() => {
        if (entry) entry.hungUpAt = new Date().toISOString();
        gone.abort(new Error('the client went away'));
      });
      try {
        const reply = await match.route.answer({ request, url, params: match.params, signal: gone.signal, info, log, routes });
        if (entry && !entry.hungUpAt) entry.answeredAt = new Date().toISOString();
        return reply;
      } catch (err) {
        if (err instanceof QueryError) return textReply(400, `${err.message}\n`);
        return textReply(500, `${err instanceof Error ? err.message : String(err)}\n`);
      }
    },
  };
}

function logEntry(request: OriginRequest, url: URL): FarmRequest {
  return {
    method: request.method,
    path: request.target,
    headers: request.headers,
    time: new Date().toISOString(),
    listener: request.listener,
    probe: url.searchParams.get('probe'),
    remoteAddress: request.remoteAddress,
  };
}
