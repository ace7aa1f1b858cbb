import { BufferBudget } from '../../src/fetch-service/core/BufferBudget.ts';
import { decodeBody } from '../../src/fetch-service/core/decodeBody.ts';
import type { FetchServiceLimits } from '../../src/fetch-service/core/FETCH_SERVICE_DEFAULTS.ts';
import { foldHeaders } from '../../src/fetch-service/core/foldHeaders.ts';
import { nextHop, REDIRECT_STATUSES } from '../../src/fetch-service/core/nextHop.ts';
import { readCappedBody } from '../../src/fetch-service/core/readCappedBody.ts';
import { fetchTimedOut, ServiceError, tlsVerificationFailed, tooManyRedirects, upstreamFailed } from '../../src/fetch-service/core/ServiceError.ts';
import type { ValidatedRequest } from '../../src/fetch-service/core/validateFetchRequest.ts';
import type { OriginTable } from '../origin/originTable.ts';
import { callVirtualFarm } from './callVirtualFarm.ts';
import { classifyDestination } from './classifyDestination.ts';
import { examplePage } from './examplePage.ts';
import type { FetchedPage } from './FetchedPage.ts';
import { reservedStatusPage } from './reservedStatus.ts';
import { unverifiableListeners } from './virtualFarm.ts';

export interface VirtualFetchContext {
  /** Farms answered for in memory, through their route tables; their origins are trusted (the operator's allowlist, in effect). */
  farms: readonly OriginTable[];
  limits: FetchServiceLimits;
  /** How long a fetch that will outlast the timeout is held before its 504, so concurrency shows. */
  timeoutHoldMs: number;
}

// The mock holds one fetch's body at a time per request and bounds none across them: no shared ceiling.
const unbounded = new BufferBudget(Number.POSITIVE_INFINITY);

/**
 * Fetches without a network, by the reference's rules: every hop goes through the destination rule
 * before it is "requested", redirects are followed only when asked and at most `maxRedirects` times,
 * TLS listeners whose certificate does not verify need allowInsecureSsl, and the body is capped,
 * decompressed, decoded and its headers folded by the same code as the reference's.
 */
export async function virtualFetch(request: ValidatedRequest, ctx: VirtualFetchContext): Promise<FetchedPage> {
  const { timeoutMs, maxBytes, maxRedirects } = ctx.limits;
  const deadlineAt = performance.now() + timeoutMs;
  let url = request.target;
  for (let hops = 0; ; hops++) {
    const destination = classifyDestination(url, ctx.farms, request.allowInsecureSsl);
    if (destination.kind === 'status') return reservedStatusPage(destination.path, timeoutMs);
    if (destination.kind === 'public') return examplePage(url);
    if (unverifiableListeners.has(destination.listener) && !request.allowInsecureSsl) throw tlsVerificationFailed();
    const remaining = deadlineAt - performance.now();
    if (remaining <= 0) throw fetchTimedOut(timeoutMs);
    const outlasts = destination.table.plannedDelayMs(url) >= remaining;
    // The hop's end, whichever way it ends, is the client hanging up: a route still running stops.
    const hop = new AbortController();
    const deadline = setTimeout(() => hop.abort(fetchTimedOut(timeoutMs)), outlasts ? Math.min(remaining, ctx.timeoutHoldMs) : remaining);
    const reservation = unbounded.open();
    try {
      const response = await callVirtualFarm(destination, url, hop.signal);
      const headers = foldHeaders(response.headers);
      if (request.allowRedirects && REDIRECT_STATUSES.has(response.status) && headers.location !== undefined) {
        if (hops >= maxRedirects) throw tooManyRedirects(maxRedirects);
        url = nextHop(headers.location, url);
        continue;
      }
      const { bytes, decoded } = await readCappedBody(
        response.body,
        { contentEncoding: headers['content-encoding'], contentLength: headers['content-length'] },
        { maxBytes, reservation },
      );
      return { statusCode: response.status, headers, ...decodeBody(bytes, headers['content-type'], decoded) };
    } catch (err) {
      if (hop.signal.aborted) throw hop.signal.reason as ServiceError;
      // A broken body or a content coding that does not decode: the origin's fault, in the reference's words.
      throw err instanceof ServiceError ? err : upstreamFailed();
    } finally {
      clearTimeout(deadline);
      hop.abort();
      reservation.release();
    }
  }
}
