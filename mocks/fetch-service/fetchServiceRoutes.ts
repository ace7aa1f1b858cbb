import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ConcurrencyLimiter } from '../../src/fetch-service/core/ConcurrencyLimiter.ts';
import { REPLY_HEADERS } from '../../src/fetch-service/core/REPLY_HEADERS.ts';
import { routeOf } from '../../src/fetch-service/core/routeOf.ts';
import { errorForStatus, internalError, requestTooLarge, ServiceError, tooManyRequests, unauthorized } from '../../src/fetch-service/core/ServiceError.ts';
import { checkContentType, parseFetchRequest } from '../../src/fetch-service/core/validateFetchRequest.ts';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import { preferredStatus } from './reservedStatus.ts';
import { virtualFetch, type VirtualFetchContext } from './virtualFetch.ts';

export interface FetchServiceRouteContext {
  /** Where the service lives: its origin, and the path prefix its routes live under ("" for none). */
  origin: string;
  prefix: string;
  keys: ReadonlySet<string>;
  limiter: ConcurrencyLimiter<string>;
  fetch: VirtualFetchContext;
  /** Added to every answer, in milliseconds. */
  latencyMs: number;
}

/**
 * The fetch service as one route table, in the reference's order and words (src/fetch-service/core):
 * the route (404, 405; GET or HEAD /healthz without a key), the key check (401), `Prefer: code=NNN`, the
 * Content-Type (415), the request rule (400), the concurrency slot (429), then the fetch without a
 * network. Every answer carries an X-Request-Id (the result's id too), and every error the seed's
 * `{statusCode, error, message}`.
 */
export function fetchServiceRoutes(ctx: FetchServiceRouteContext): RouteTable {
  const { limits } = ctx.fetch;

  const fetchPage = async (request: MockRequest, id: string): Promise<object> => {
    const key = request.headers['x-svc-api-key'];
    if (!key || !ctx.keys.has(key)) throw unauthorized();
    const forced = preferredStatus(request.headers.prefer);
    if (forced) throw errorForStatus(forced, limits.timeoutMs);
    checkContentType(request.headers['content-type']);
    if (Buffer.byteLength(request.body) > limits.maxRequestBytes) throw requestTooLarge(limits.maxRequestBytes);
    const fetchRequest = parseFetchRequest(request.body);
    const release = ctx.limiter.tryAcquire(key);
    if (!release) throw tooManyRequests();
    // A caller that hangs up gives its slot back at once, as the reference does (seed §8's limit
    // counts fetches in flight for someone, not abandoned ones).
    request.onHangUp(release);
    try {
      return { id, ...(await virtualFetch(fetchRequest, ctx.fetch)) };
    } finally {
      release();
    }
  };

  const route = (request: MockRequest, id: string): object | Promise<object> =>
    routeOf(request.method, request.path.slice(ctx.prefix.length)) === 'fetch' ? fetchPage(request, id) : { status: 'ok' };

  const answer = async (request: MockRequest): Promise<MockReply> => {
    if (ctx.latencyMs > 0) await sleep(ctx.latencyMs);
    const id = randomUUID();
    try {
      return { status: 200, headers: { ...REPLY_HEADERS, 'x-request-id': id }, body: JSON.stringify(await route(request, id)) };
    } catch (err) {
      return errorReply(err instanceof ServiceError ? err : internalError(), { 'x-request-id': id });
    }
  };

  return {
    serves: (origin, path) => origin === ctx.origin && (ctx.prefix === '' || path === ctx.prefix || path.startsWith(`${ctx.prefix}/`)),
    answer,
  };
}

/** An error as the seed's error reply. */
export function errorReply(error: ServiceError, headers: Record<string, string> = {}): MockReply {
  return { status: error.status, headers: { ...REPLY_HEADERS, ...headers, ...error.headers }, body: JSON.stringify(error.body()) };
}
