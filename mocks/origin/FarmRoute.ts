import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestLog } from './RequestLog.ts';

/** Which of the farm's listeners took a request: every listener serves the same routes. */
export type FarmListener = 'http' | 'https' | 'expired-tls' | 'wrong-host-tls';

/** Where the farm can be reached: what `GET /__farm/info` returns. */
export interface FarmInfo {
  httpUrl: string;
  /** TLS with a certificate for 127.0.0.1, ::1 and localhost, signed by `ca`. */
  httpsUrl: string;
  /** TLS with a certificate signed by `ca` whose validity ended a year ago. */
  expiredTlsUrl: string;
  /** TLS with a certificate signed by `ca` for a host name that is not this host. */
  wrongHostTlsUrl: string;
  infoUrl: string;
  /** PEM of the farm's CA: trusting it makes `httpsUrl` valid and leaves the other two failing for one reason each. */
  ca: string;
}

/** What a handler is given: the farm's state comes in through here, so route modules hold none. */
export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Values of the route's `:name` segments. */
  params: Record<string, string>;
  /** Base URL of the listener that took the request, so absolute Locations stay on it. */
  origin: string;
  listener: FarmListener;
  info: FarmInfo;
  log: RequestLog;
  routes: readonly FarmRoute[];
}

export interface FarmRoute {
  /** Path pattern; a `:name` segment matches any one segment. */
  path: string;
  /** The query parameters it reads, as shown in the route table (e.g. `ms=N`). */
  query?: string;
  summary: string;
  handle(ctx: RouteContext): void | Promise<void>;
}
