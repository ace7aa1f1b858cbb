import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import { FetchRefusal } from './FetchRefusal.ts';
import type { KeySlots } from './KeySlots.ts';
import { parseFetchRequest } from './parseFetchRequest.ts';
import { preferredStatus } from './reservedStatus.ts';
import { virtualFetch, type VirtualFetchContext } from './virtualFetch.ts';

export interface FetchServiceRouteContext {
  /** Where the service lives: its origin, and the path prefix its routes live under ("" for none). */
  origin: string;
  prefix: string;
  keys: ReadonlySet<string>;
  slots: KeySlots;
  fetch: VirtualFetchContext;
  /** Added to every answer, in milliseconds. */
  latencyMs: number;
}

const jsonHeaders = { 'content-type': 'application/json' } as const;

/**
 * The fetch service as one route table: POST /v1/fetch (the key check, 401; `Prefer: code=NNN`; the
 * request's parse, 415 and 400; the concurrency slot, 429; the fetch without a network), GET /healthz
 * without a key, 405 for other methods on /v1/fetch and 404 for other paths. Every answer carries an
 * X-Request-Id (the result's id too), and every error the seed's `{statusCode, error, message}`.
 */
export function fetchServiceRoutes(ctx: FetchServiceRouteContext): RouteTable {
  const fetchPath = `${ctx.prefix}/v1/fetch`;
  const healthPath = `${ctx.prefix}/healthz`;

  const fetchPage = async (request: MockRequest, id: string): Promise<object> => {
    const key = request.headers['x-svc-api-key'];
    if (!key || !ctx.keys.has(key)) throw new FetchRefusal(401);
    const forced = preferredStatus(request.headers.prefer);
    if (forced) throw new FetchRefusal(forced);
    const fetchRequest = parseFetchRequest(request);
    const release = ctx.slots.tryAcquire(key);
    if (!release) throw new FetchRefusal(429);
    // A caller that hangs up gives its slot back at once, as the reference does (seed §8's limit
    // counts fetches in flight for someone, not abandoned ones).
    request.onHangUp(release);
    try {
      return { id, ...(await virtualFetch(fetchRequest, ctx.fetch)) };
    } finally {
      release();
    }
  };

  const route = (request: MockRequest, id: string): object | Promise<object> => {
    if (request.path === fetchPath) {
      if (request.method === 'POST') return fetchPage(request, id);
      throw new FetchRefusal(405);
    }
    if (request.path === healthPath && request.method === 'GET') return { status: 'ok' };
    // Every other path gets the JSON error body too, never a server's HTML page.
    throw new FetchRefusal(404);
  };

  const answer = async (request: MockRequest): Promise<MockReply> => {
    if (ctx.latencyMs > 0) await sleep(ctx.latencyMs);
    const id = randomUUID();
    try {
      return { status: 200, headers: { ...jsonHeaders, 'x-request-id': id }, body: JSON.stringify(await route(request, id)) };
    } catch (err) {
      const refusal = err instanceof FetchRefusal ? err : new FetchRefusal(500);
      return refusalReply(refusal, { 'x-request-id': id });
    }
  };

  return {
    serves: (origin, path) => origin === ctx.origin && (ctx.prefix === '' || path === ctx.prefix || path.startsWith(`${ctx.prefix}/`)),
    answer,
  };
}

/** A refusal as the seed's error reply. */
export function refusalReply(refusal: FetchRefusal, headers: Record<string, string> = {}): MockReply {
  return { status: refusal.status, headers: { ...jsonHeaders, ...headers, ...refusal.headers }, body: JSON.stringify(refusal.body()) };
}
