import type { FarmInfo } from '../origin/FarmRoute.ts';
import { redirectStatuses } from '../origin/redirectRoutes.ts';
import type { RequestLog } from '../origin/RequestLog.ts';
import { callVirtualFarm } from './callVirtualFarm.ts';
import { classifyDestination } from './classifyDestination.ts';
import { decodeVirtualBody } from './decodeVirtualBody.ts';
import { examplePage } from './examplePage.ts';
import type { FetchedPage } from './FetchedPage.ts';
import { destinationRefused, timedOut, tlsFailed, tooLarge, upstreamFailed } from './FetchRefusal.ts';
import { foldRawHeaders } from './foldRawHeaders.ts';
import type { MockLimits } from './MockLimits.ts';
import { plannedDelayMs } from './plannedDelayMs.ts';
import { reservedStatusPage } from './reservedStatus.ts';
import type { MockFetchRequest } from './validateFetchBody.ts';
import { unverifiableListeners } from './virtualFarm.ts';

export interface VirtualFetchContext {
  /** Farms answered for in memory; their origins are trusted (the operator's allowlist, in effect). */
  farms: readonly FarmInfo[];
  limits: MockLimits;
  /** How long a fetch that will outlast the timeout is held before its 504, so concurrency shows. */
  timeoutHoldMs: number;
  log: RequestLog;
}

const redirects: ReadonlySet<number> = new Set(redirectStatuses);

/**
 * Fetches without a network: every hop is sorted (farm, reserved status host, private, public) before it
 * is "requested", redirects are followed only when asked and at most `maxRedirects` times, TLS listeners
 * whose certificate does not verify need allowInsecureSsl, and size and time limits apply as they would.
 */
export async function virtualFetch(request: MockFetchRequest, ctx: VirtualFetchContext): Promise<FetchedPage> {
  const { timeoutMs, maxBytes, maxRedirects } = ctx.limits;
  const deadlineAt = performance.now() + timeoutMs;
  let url = request.url;
  for (let hops = 0; ; hops++) {
    const destination = classifyDestination(url, ctx.farms);
    if (destination.kind === 'private') throw destinationRefused(request.allowInsecureSsl);
    if (destination.kind === 'status') return reservedStatusPage(destination.path);
    if (destination.kind === 'public') return examplePage(url);
    if (unverifiableListeners.has(destination.listener) && !request.allowInsecureSsl) throw tlsFailed();
    const remaining = deadlineAt - performance.now();
    if (remaining <= 0) throw timedOut(timeoutMs);
    const outlasts = plannedDelayMs(url) >= remaining;
    const deadlineMs = outlasts ? Math.min(remaining, ctx.timeoutHoldMs) : remaining;
    const exchange = await callVirtualFarm(destination, url, { maxBytes, deadlineMs, log: ctx.log });
    if (!exchange.ok) {
      throw exchange.reason === 'too-large' ? tooLarge(maxBytes) : exchange.reason === 'deadline' ? timedOut(timeoutMs) : upstreamFailed();
    }
    const headers = foldRawHeaders(exchange.rawHeaders);
    if (request.allowRedirects && redirects.has(exchange.status) && headers.location !== undefined) {
      if (hops >= maxRedirects) throw upstreamFailed(`The fetched URL redirected more than ${maxRedirects} times.`);
      url = nextHop(headers.location, url);
      continue;
    }
    return { statusCode: exchange.status, headers, ...decodeVirtualBody(url, headers, exchange.body, maxBytes) };
  }
}

function nextHop(location: string, base: URL): URL {
  const next = URL.parse(location, base);
  if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:')) throw upstreamFailed('The fetched URL redirected to an invalid location.');
  next.hash = '';
  return next;
}
