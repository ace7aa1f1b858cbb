import type { Reservation } from './BufferBudget.ts';
import { decodeBody, type DecodedBody } from './decodeBody.ts';
import { foldHeaders } from './foldHeaders.ts';
import { nextHop, REDIRECT_STATUSES } from './nextHop.ts';
import type { HopOptions, OriginClient, OriginResponse } from './OriginClient.ts';
import { discardBody, readCappedBody, skipBody } from './readCappedBody.ts';
import { ServiceError, tooManyRedirects, upstreamFailed } from './ServiceError.ts';
import type { ValidatedRequest } from './validateFetchRequest.ts';

export interface FetchLimits {
  maxBytes: number;
  maxRedirects: number;
  timeoutMs: number;
}

/** What a fetch works with: whom it asks, within which limits, holding bytes against which budget, until when. */
export interface FetchContext {
  origins: OriginClient;
  limits: FetchLimits;
  reservation: Reservation;
  /** When the fetch times out, on performance.now()'s clock (the signal is aborted then too). */
  deadline: number;
}

export interface FetchedPage extends DecodedBody {
  statusCode: number;
  headers: Record<string, string>;
  /** For the access log: redirects followed and body bytes. */
  redirects: number;
  bytes: number;
}

/**
 * Fetches a page for a validated request, the same for the reference and the mock: every hop asked of the
 * origin client (which refuses a destination the service may not reach), redirects followed only when
 * asked, on a single Location, at most `maxRedirects` times, the body capped, decompressed and decoded, the
 * headers folded. `signal` carries the deadline, the caller's disconnect and shutdown, each aborting with
 * the ServiceError to answer; any other failure is answered as the client says, or 502.
 */
export async function fetchPage(request: ValidatedRequest, context: FetchContext, signal: AbortSignal): Promise<FetchedPage> {
  try {
    return await follow(request, context, signal);
  } catch (err) {
    throw answerFor(err, signal, context);
  }
}

async function follow(request: ValidatedRequest, context: FetchContext, signal: AbortSignal): Promise<FetchedPage> {
  const { origins, limits } = context;
  const hop: HopOptions = { insecure: request.allowInsecureSsl, proxies: request.proxies, signal, deadline: context.deadline };
  let url = request.target;
  for (let redirects = 0; ; redirects++) {
    const response = await origins.request(url, hop);
    // A repeated Location names no one place to go: the response is the page.
    const location = request.allowRedirects && REDIRECT_STATUSES.has(response.statusCode) ? response.headers.location : undefined;
    if (typeof location !== 'string') return readPage(response, context, redirects);
    if (redirects >= limits.maxRedirects) {
      discardBody(response.body);
      throw tooManyRedirects(limits.maxRedirects);
    }
    await skipBody(response.body, single(response.headers['content-length']));
    url = nextHop(location, url);
  }
}

async function readPage(response: OriginResponse, context: FetchContext, redirects: number): Promise<FetchedPage> {
  const headers = response.headers;
  const { bytes, decoded } = await readCappedBody(
    response.body,
    { contentEncoding: single(headers['content-encoding']), contentLength: single(headers['content-length']) },
    { maxBytes: context.limits.maxBytes, reservation: context.reservation },
  );
  return {
    statusCode: response.statusCode,
    headers: foldHeaders(Object.entries(headers)),
    ...decodeBody(bytes, headers['content-type'], decoded),
    redirects,
    bytes: bytes.length,
  };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** What to answer for a failed fetch; the underlying error's own text is never passed on. */
function answerFor(err: unknown, signal: AbortSignal, context: FetchContext): ServiceError {
  if (signal.aborted && signal.reason instanceof ServiceError) return signal.reason;
  if (err instanceof ServiceError) return err;
  return context.origins.failure?.(err, context.limits.timeoutMs) ?? upstreamFailed();
}
