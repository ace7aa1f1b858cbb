import type { IncomingMessage, ServerResponse } from 'node:http';
import { controlPrefix } from './farmRoutes.ts';
import type { FarmInfo, FarmListener, FarmRoute } from './FarmRoute.ts';
import { matchRoute } from './matchRoute.ts';
import { QueryError } from './queryInteger.ts';
import type { FarmRequest, RequestLog } from './RequestLog.ts';
import { sendText } from './sendBody.ts';

export interface FarmState {
  info: FarmInfo;
  log: RequestLog;
  routes: readonly FarmRoute[];
}

/**
 * Logs a request, then hands it to its route. Failures a client caused get 400; anything else 500 if the
 * headers are not out yet, or a cut connection if they are (the only honest signal left).
 */
export async function handleFarmRequest(
  req: IncomingMessage,
  res: ServerResponse,
  listener: FarmListener,
  origin: string,
  state: FarmState,
): Promise<void> {
  const target = req.url ?? '';
  // Appended, not resolved against origin: "//host/x" must stay a path, not become another host.
  const url = target.startsWith('/') ? URL.parse(origin + target) : null;
  if (!url) {
    sendText(res, 400, 'the farm takes origin-form request targets only (a path)\n');
    return;
  }
  if (!url.pathname.startsWith(controlPrefix)) state.log.record(logEntry(req, listener, url));
  const match = matchRoute(state.routes, url.pathname);
  if (!match) {
    sendText(res, 404, `no route ${url.pathname}: see ${state.info.httpUrl}/__farm/routes\n`);
    return;
  }
  try {
    await match.route.handle({ req, res, url, params: match.params, origin, listener, ...state });
  } catch (err) {
    if (res.headersSent) res.destroy();
    else if (err instanceof QueryError) sendText(res, 400, `${err.message}\n`);
    else sendText(res, 500, `${err instanceof Error ? err.message : String(err)}\n`);
  }
}

function logEntry(req: IncomingMessage, listener: FarmListener, url: URL): FarmRequest {
  return {
    method: req.method ?? 'GET',
    path: req.url ?? '',
    headers: req.headers,
    time: new Date().toISOString(),
    listener,
    probe: url.searchParams.get('probe'),
    remoteAddress: req.socket.remoteAddress ?? null,
  };
}
