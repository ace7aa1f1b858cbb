import { randomUUID } from 'node:crypto';
import type { components } from '../../generated/fetch-service.ts';
import type { BufferBudget } from './BufferBudget.ts';
import type { ConcurrencyLimiter } from './ConcurrencyLimiter.ts';
import type { FetchServiceLimits } from './FETCH_SERVICE_DEFAULTS.ts';
import { fetchPage } from './fetchPage.ts';
import type { OriginClient } from './OriginClient.ts';
import { routeOf } from './routeOf.ts';
import { type ErrorBody, type ErrorCode, errorForStatus, fetchTimedOut, internalError, ServiceError, shuttingDown, tooManyRequests, unauthorized } from './ServiceError.ts';
import { checkContentType, parseFetchRequest } from './validateFetchRequest.ts';

export type FetchResult = components['schemas']['FetchResult'];

/** A request to the service as the pipeline reads it, whichever server received it. */
export interface ServiceRequest {
  method: string;
  /** Below the deployment's prefix, without the query. */
  path: string;
  /** A header's value by its lowercase name (the first, when repeated). */
  header(name: string): string | undefined;
  /** The body as text; past `maxBytes`, the request rule's refusal (requestTooLarge). */
  text(maxBytes: number): Promise<string>;
}

/** The service the pipeline answers for: its limits and state, and its one piece of I/O, the origin client. */
export interface FetchServiceParts {
  limits: FetchServiceLimits;
  /** The 1-based number of the key presented, or 0 when it is missing or not issued. */
  identify(presented: string | undefined): number;
  /** Fetches in flight per key number. */
  limiter: ConcurrencyLimiter;
  /** Fetched bytes held across fetches in flight. */
  budget: BufferBudget;
  origins: OriginClient;
  /** True once the service takes no more fetches (503). */
  stopping?(): boolean;
  /** A status the caller asked to be given whatever it sent (the mock's `Prefer: code=NNN`). */
  forcedStatus?(request: ServiceRequest): number | undefined;
  /**
   * Time spent holding the slot before the fetch starts (the mock's latency), so that a slow answer
   * counts against the concurrency limit as a slow fetch does; it rejects with the ServiceError to answer
   * when `signal` (the request's lifetime) aborts. Outside the fetch's own deadline.
   */
  holdSlot?(signal: AbortSignal): Promise<void>;
}

/** What the access log records of a request beside its status: whose, for where, what came back, why it failed. */
export interface RequestTrace {
  /** Number of the API key used (1-based), never the key. */
  key?: number;
  /** scheme://host:port of the first URL fetched: no path, query or credentials, which can carry tokens. */
  target?: string;
  upstreamStatus?: number;
  bytes?: number;
  redirects?: number;
  /** Why the request failed, when it did. */
  error?: ErrorCode;
}

/** The reply, as a server writes it after the headers every reply has (REPLY_HEADERS). */
export interface ServiceAnswer {
  id: string;
  status: number;
  /** X-Request-Id, and an error's own (WWW-Authenticate, Retry-After, Allow). */
  headers: Record<string, string>;
  body: FetchResult | ErrorBody | { status: 'ok' };
  trace: RequestTrace;
}

/**
 * The fetch service's request pipeline, the reference's and the mock's: the route (404, 405; the health
 * check without a key), shutdown (503), the key (401), a status asked for, the Content-Type (415), the
 * body and the request rule (400), the concurrency slot per key (429), then the fetch under the deadline
 * (504) holding bytes against the budget, and the result or the seed's error body. `lifetime` is the
 * request's end: whoever aborts it (the caller gone, shutdown, the deadline set here) aborts with the
 * ServiceError to answer. Never rejects.
 */
export async function answerServiceRequest(request: ServiceRequest, service: FetchServiceParts, lifetime: AbortController): Promise<ServiceAnswer> {
  const id = randomUUID();
  const trace: RequestTrace = {};
  try {
    const body = await answer(request, service, lifetime, id, trace);
    return { id, status: 200, headers: { 'x-request-id': id }, body, trace };
  } catch (err) {
    const error = err instanceof ServiceError ? err : internalError();
    trace.error = error.code;
    return { id, status: error.status, headers: { 'x-request-id': id, ...error.headers }, body: error.body(), trace };
  }
}

async function answer(request: ServiceRequest, service: FetchServiceParts, lifetime: AbortController, id: string, trace: RequestTrace): Promise<ServiceAnswer['body']> {
  const route = routeOf(request.method, request.path);
  if (service.stopping?.()) throw shuttingDown();
  if (route === 'health') return { status: 'ok' };
  const { limits } = service;
  const key = service.identify(request.header('x-svc-api-key'));
  if (key === 0) throw unauthorized();
  trace.key = key;
  const forced = service.forcedStatus?.(request);
  if (forced !== undefined) throw errorForStatus(forced, limits.timeoutMs);
  checkContentType(request.header('content-type'));
  const fetchRequest = parseFetchRequest(await request.text(limits.maxRequestBytes));
  trace.target = `${fetchRequest.target.protocol}//${fetchRequest.target.host}`;
  const release = service.limiter.tryAcquire(key);
  if (!release) throw tooManyRequests();
  try {
    await service.holdSlot?.(lifetime.signal);
  } catch (err) {
    release();
    throw err;
  }
  const deadline = performance.now() + limits.timeoutMs;
  const timer = setTimeout(() => lifetime.abort(fetchTimedOut(limits.timeoutMs)), limits.timeoutMs);
  const reservation = service.budget.open();
  try {
    const page = await fetchPage(fetchRequest, { origins: service.origins, limits, reservation, deadline }, lifetime.signal);
    trace.upstreamStatus = page.statusCode;
    trace.bytes = page.bytes;
    trace.redirects = page.redirects;
    return { id, statusCode: page.statusCode, headers: page.headers, content: page.content, contentType: page.contentType, encoding: page.encoding };
  } finally {
    clearTimeout(timer);
    reservation.release();
    release();
  }
}
