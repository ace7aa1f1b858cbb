import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { FarmInfo } from '../origin/FarmRoute.ts';
import { RequestLog, type FarmRequest } from '../origin/RequestLog.ts';
import { FetchRefusal } from './FetchRefusal.ts';
import { KeySlots } from './KeySlots.ts';
import { defaultMockLimits, type MockLimits } from './MockLimits.ts';
import { preferredStatus } from './reservedStatus.ts';
import { validateFetchBody } from './validateFetchBody.ts';
import { virtualFarm } from './virtualFarm.ts';
import { virtualFetch, type VirtualFetchContext } from './virtualFetch.ts';

/** Where the handlers answer when no base URL is given: a reserved name, never a real service. */
export const defaultMockBaseUrl = 'https://fetch-service.conform.invalid';

export interface FetchServiceMockOptions {
  /** Where the service lives (any host, may have a path prefix); default `defaultMockBaseUrl`. */
  baseUrl?: string;
  /** Keys accepted in X-SVC-API-Key; at least one. */
  apiKeys: readonly string[];
  /**
   * A running origin farm (its `/__farm/info`): URLs on its four listeners are answered in memory from the
   * farm's route table, and it counts as trusted although on loopback, as an operator allowlist would
   * make it. The reserved virtual farm (`virtualFarm`) is always answered for too.
   */
  farm?: FarmInfo;
  limits?: Partial<MockLimits>;
  /** Added to every answer, in milliseconds. */
  latencyMs?: number;
  /** How long a fetch bound to time out is held before its 504; default the smaller of 1 s and the timeout. */
  timeoutHoldMs?: number;
}

export interface FetchServiceMock {
  /** For `setupServer(...mock.handlers)` or `serveHandlers`. */
  handlers: HttpHandler[];
  baseUrl: string;
  limits: MockLimits;
  farms: readonly FarmInfo[];
  /** What the virtual farms were asked, as `/__farm/requests` lists it (every one, or those with `?probe=`). */
  originRequests(probe?: string): FarmRequest[];
  /** Fetches holding a concurrency slot now. */
  readonly inFlight: number;
}

/** A route: the JSON body of its 200 reply, given the request and the id the reply is numbered with. */
type Route = (request: Request, id: string) => Promise<object> | object;

/**
 * msw handlers implementing seed fetch-service.md without a network: the key check (401), validation
 * (400, 415), the concurrency limit (429 with Retry-After), and fetches answered from the origin farm's
 * own routes in memory with the seed's 502 and 504 rules and the reference's SSRF refusals (403, or 400
 * for allowInsecureSsl). Every error carries `{statusCode, error, message}`. Any error status can be had
 * on purpose: `Prefer: code=NNN`, or the URL `https://status.conform.invalid/NNN`.
 */
export function createFetchServiceMock(options: FetchServiceMockOptions): FetchServiceMock {
  if (options.apiKeys.length === 0) throw new Error('the fetch-service mock needs at least one API key');
  const base = new URL(options.baseUrl ?? defaultMockBaseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const limits: MockLimits = { ...defaultMockLimits, ...options.limits };
  const farms = [virtualFarm, ...(options.farm ? [options.farm] : [])];
  const keys = new Set(options.apiKeys);
  const slots = new KeySlots(() => limits.maxConcurrency);
  const log = new RequestLog();
  const ctx: VirtualFetchContext = { farms, limits, timeoutHoldMs: options.timeoutHoldMs ?? Math.min(1000, limits.timeoutMs), log };

  const fetchPage: Route = async (request, id) => {
    const key = request.headers.get('x-svc-api-key');
    if (!key || !keys.has(key)) throw new FetchRefusal(401);
    const forced = preferredStatus(request.headers.get('prefer'));
    if (forced) throw new FetchRefusal(forced);
    const type = request.headers.get('content-type');
    if (type !== null && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type.trim())) throw new FetchRefusal(415);
    const fetchRequest = validateFetchBody(await request.text());
    const release = slots.tryAcquire(key);
    if (!release) throw new FetchRefusal(429);
    // A caller that hangs up gives its slot back at once, as the reference does (seed §8's limit
    // counts fetches in flight for someone, not abandoned ones).
    request.signal.addEventListener('abort', release, { once: true });
    try {
      return { id, ...(await virtualFetch(fetchRequest, ctx)) };
    } finally {
      release();
    }
  };

  /** Latency, the request id (result id and X-Request-Id alike) and the error body around a route. */
  const answer =
    (route: Route) =>
    async ({ request }: { request: Request }): Promise<Response> => {
      if (options.latencyMs) await sleep(options.latencyMs);
      const id = randomUUID();
      try {
        return HttpResponse.json(await route(request, id), { headers: { 'x-request-id': id } });
      } catch (err) {
        const refusal = err instanceof FetchRefusal ? err : new FetchRefusal(500);
        return HttpResponse.json(refusal.body(), { status: refusal.status, headers: { 'x-request-id': id, ...refusal.headers } });
      }
    };

  const at = (path: string) => ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    return url.origin === base.origin && url.pathname === prefix + path;
  };
  const anywhere = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    return url.origin === base.origin && (prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
  };
  const refuse = (status: number) => () => {
    throw new FetchRefusal(status);
  };

  const handlers = [
    http.post(at('/v1/fetch'), answer(fetchPage)),
    http.get(at('/healthz'), answer(() => ({ status: 'ok' }))),
    http.all(at('/v1/fetch'), answer(refuse(405))),
    // Every other path gets the JSON error body too, never a server's HTML page.
    http.all(anywhere, answer(refuse(404))),
  ];
  return {
    handlers,
    baseUrl: base.origin + prefix,
    limits,
    farms,
    originRequests: (probe) => log.requests(probe),
    get inFlight() {
      return slots.inFlight;
    },
  };
}
