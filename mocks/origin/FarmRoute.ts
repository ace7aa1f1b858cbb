import type { FarmReply, OriginRequest } from './FarmExchange.ts';
import type { RequestLog } from './RequestLog.ts';

export type { FarmListener } from './FarmListener.ts';

/**
 * Where the farm can be reached: what `GET /__farm/info` returns. Each URL is where clients reach the
 * listener: its public URL when the farm was given one, else the address it is bound to.
 */
export interface FarmInfo {
  httpUrl: string;
  /** TLS with a certificate for 127.0.0.1, ::1, localhost and the public host names, signed by `ca`; or the certificate the operator supplied. */
  httpsUrl: string;
  /** TLS with a certificate signed by `ca` whose validity ended a year ago. */
  expiredTlsUrl: string;
  /** TLS with a certificate signed by `ca` for a host name that is not this host. */
  wrongHostTlsUrl: string;
  infoUrl: string;
  /** PEM of the farm's CA: trusting it makes `httpsUrl` valid (unless it presents a supplied certificate) and leaves the other two failing for one reason each. */
  ca: string;
}

/** What a route is given: the farm's state comes in through here, so route modules hold none. */
export interface RouteContext {
  request: OriginRequest;
  /** The request's URL on the listener that took it (dot segments resolved). */
  url: URL;
  /** Values of the route's `:name` segments, as sent. */
  params: Record<string, string>;
  /** Aborted when the client goes away: a route still waiting stops then. */
  signal: AbortSignal;
  info: FarmInfo;
  log: RequestLog;
  routes: readonly FarmRoute[];
}

export interface FarmRoute {
  /** Path pattern (PathPattern): a `:name` segment matches any one segment. */
  path: string;
  /** The query parameters it reads, as shown in the route table (e.g. `ms=N`). */
  query?: string;
  summary: string;
  /** The answer; a QueryError thrown before it is 400 with its message. */
  answer(ctx: RouteContext): FarmReply | Promise<FarmReply>;
  /** How long the route takes to answer in full for `url`, when it is slow on purpose. */
  plannedDelayMs?(url: URL): number;
}
