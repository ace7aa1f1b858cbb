import type { FarmReply, OriginRequest } from './FarmExchange.ts';
import type { RequestLog } from './RequestLog.ts';
import type { FarmInfo } from '../../src/exchange/farmInfo.ts';

export type { FarmListener } from './FarmListener.ts';

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
