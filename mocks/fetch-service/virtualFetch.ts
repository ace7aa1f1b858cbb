import { Readable } from 'node:stream';
import { BufferBudget } from '../../src/fetch-service/core/BufferBudget.ts';
import { decodeBody } from '../../src/fetch-service/core/decodeBody.ts';
import type { FetchServiceLimits } from '../../src/fetch-service/core/FETCH_SERVICE_DEFAULTS.ts';
import { foldHeaders } from '../../src/fetch-service/core/foldHeaders.ts';
import { nextHop, REDIRECT_STATUSES } from '../../src/fetch-service/core/nextHop.ts';
import { readCappedBody } from '../../src/fetch-service/core/readCappedBody.ts';
import { fetchTimedOut, responseTooLarge, ServiceError, tlsVerificationFailed, tooManyRedirects, upstreamFailed } from '../../src/fetch-service/core/ServiceError.ts';
import type { ValidatedRequest } from '../../src/fetch-service/core/validateFetchRequest.ts';
import type { FarmInfo } from '../origin/FarmRoute.ts';
import type { RequestLog } from '../origin/RequestLog.ts';
import { callVirtualFarm } from './callVirtualFarm.ts';
import { classifyDestination } from './classifyDestination.ts';
import { examplePage } from './examplePage.ts';
import type { FetchedPage } from './FetchedPage.ts';
import { plannedDelayMs } from './plannedDelayMs.ts';
import { reservedStatusPage } from './reservedStatus.ts';
import { unverifiableListeners } from './virtualFarm.ts';

export interface VirtualFetchContext {
  /** Farms answered for in memory; their origins are trusted (the operator's allowlist, in effect). */
  farms: readonly FarmInfo[];
  limits: FetchServiceLimits;
  /** How long a fetch that will outlast the timeout is held before its 504, so concurrency shows. */
  timeoutHoldMs: number;
  log: RequestLog;
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
    const outlasts = plannedDelayMs(url) >= remaining;
    const deadlineMs = outlasts ? Math.min(remaining, ctx.timeoutHoldMs) : remaining;
    const exchange = await callVirtualFarm(destination, url, { maxBytes, deadlineMs, log: ctx.log });
    if (!exchange.ok) {
      throw exchange.reason === 'too-large' ? responseTooLarge(maxBytes) : exchange.reason === 'deadline' ? fetchTimedOut(timeoutMs) : upstreamFailed();
    }
    const headers = foldHeaders(exchange.rawHeaders);
    if (request.allowRedirects && REDIRECT_STATUSES.has(exchange.status) && headers.location !== undefined) {
      if (hops >= maxRedirects) throw tooManyRedirects(maxRedirects);
      url = nextHop(headers.location, url);
      continue;
    }
    const reservation = unbounded.open();
    try {
      const { bytes, decoded } = await readCappedBody(
        Readable.from([exchange.body]),
        { contentEncoding: headers['content-encoding'], contentLength: headers['content-length'] },
        { maxBytes, reservation },
      );
      return { statusCode: exchange.status, headers, ...decodeBody(bytes, headers['content-type'], decoded) };
    } catch (err) {
      // A content coding that does not decode is the origin's fault, in the reference's words.
      throw err instanceof ServiceError ? err : upstreamFailed();
    } finally {
      reservation.release();
    }
  }
}
