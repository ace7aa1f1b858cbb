import { setTimeout as sleep } from 'node:timers/promises';
import { answerServiceRequest, type FetchServiceParts, type ServiceRequest } from '../../src/fetch-service/core/answerServiceRequest.ts';
import { REPLY_HEADERS } from '../../src/fetch-service/core/REPLY_HEADERS.ts';
import { callerGone, requestTooLarge, type ServiceError } from '../../src/fetch-service/core/ServiceError.ts';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';

export interface FetchServiceRouteContext {
  /** Where the service lives: its origin, and the path prefix its routes live under ("" for none). */
  origin: string;
  prefix: string;
  /** The service the pipeline answers for, the virtual farm its origin client. */
  service: FetchServiceParts;
  /** Added to every answer, in milliseconds; a fetch holds its concurrency slot through it. */
  latencyMs: number;
}

/**
 * The fetch service as one route table: the reference's own pipeline (answerServiceRequest in
 * src/fetch-service/core), over what an adapter parsed. Every answer carries an X-Request-Id (the result's
 * id too), and every error the seed's `{statusCode, error, message}`.
 */
export function fetchServiceRoutes(ctx: FetchServiceRouteContext): RouteTable {
  const answer = async (request: MockRequest): Promise<MockReply> => {
    const lifetime = new AbortController();
    // A caller that hangs up ends its fetch, which gives its slot back, as the reference does (seed §8's
    // limit counts fetches in flight for someone, not abandoned ones); its latency ends with it.
    request.onHangUp(() => lifetime.abort(callerGone()));
    let delayed = ctx.latencyMs <= 0;
    // A fetch is slow while it holds its slot, so that --max-concurrency refuses others meanwhile.
    const service: FetchServiceParts = delayed
      ? ctx.service
      : {
          ...ctx.service,
          holdSlot: (signal) => {
            delayed = true;
            return latency(ctx.latencyMs, signal);
          },
        };
    const answered = await answerServiceRequest(serviceRequest(request, ctx.prefix), service, lifetime);
    // An answer decided before any slot (401, 400, the 429 itself) is as slow, after its decision: the
    // delay never changes which requests the limit refuses.
    if (!delayed) await latency(ctx.latencyMs, lifetime.signal).catch(() => undefined);
    return { status: answered.status, headers: { ...REPLY_HEADERS, ...answered.headers }, body: JSON.stringify(answered.body) };
  };

  return {
    serves: (origin, path) => origin === ctx.origin && (ctx.prefix === '' || path === ctx.prefix || path.startsWith(`${ctx.prefix}/`)),
    answer,
  };
}

/** `ms` of latency, cut short (rejecting with the ServiceError it was aborted with) when the caller hangs up. */
async function latency(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (err) {
    throw signal.aborted ? signal.reason : err;
  }
}

/** A request as the pipeline reads it; the adapter has read the body already. */
function serviceRequest(request: MockRequest, prefix: string): ServiceRequest {
  return {
    method: request.method,
    path: request.path.slice(prefix.length),
    header: (name) => request.headers[name],
    text: async (maxBytes) => {
      if (Buffer.byteLength(request.body) > maxBytes) throw requestTooLarge(maxBytes);
      return request.body;
    },
  };
}

/** An error as the seed's error reply. */
export function errorReply(error: ServiceError, headers: Record<string, string> = {}): MockReply {
  return { status: error.status, headers: { ...REPLY_HEADERS, ...headers, ...error.headers }, body: JSON.stringify(error.body()) };
}
