import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OriginClient, OriginResponse } from '../../src/fetch-service/core/OriginClient.ts';
import { fetchTimedOut, tlsVerificationFailed } from '../../src/fetch-service/core/ServiceError.ts';
import type { FarmResponse, HeaderLines } from '../origin/FarmExchange.ts';
import type { OriginTable } from '../origin/originTable.ts';
import { callVirtualFarm, type VirtualResponse } from './callVirtualFarm.ts';
import { classifyDestination } from './classifyDestination.ts';
import { examplePage } from './examplePage.ts';
import type { MockPages, ServedPage } from './mockPages.ts';
import { reservedStatusPage } from './reservedStatus.ts';
import { unverifiableListeners } from './virtualFarm.ts';

export interface VirtualOriginOptions {
  /** Farms answered for in memory, through their route tables; their origins are trusted (the operator's allowlist, in effect). */
  farms: readonly OriginTable[];
  timeoutMs: number;
  /** The size cap, as the status host's /502/too-large words it (the pages' own cap is the service's). */
  maxBytes: number;
  /** How long a hop that will outlast the fetch's deadline is held before its 504, so concurrency shows. */
  timeoutHoldMs: number;
  /** Pages put at URLs (the control API's): over the stand-in page, and over a farm's route for the exact URL. */
  pages?: Pick<MockPages, 'find'>;
}

// Why a hop ends when its body was read: shared, since an AbortController's default reason (a DOMException)
// took a tenth of the mock's time per answer to make (profiled), and no one reads this one.
const hopEnded = new Error('the fetch is done with this response');

/**
 * The mock's origin client: no network. A hop goes where classifyDestination sorts it (or is refused as the
 * reference would refuse it): a farm's route table answered in memory, where a TLS listener whose
 * certificate does not verify needs allowInsecureSsl; the reserved status host; a stand-in page for any
 * public URL. The hop ends, and a route still running sees the client hang up, when its body is closed or
 * the fetch ends.
 */
export function virtualOriginClient({ farms, timeoutMs, maxBytes, timeoutHoldMs, pages }: VirtualOriginOptions): OriginClient {
  return {
    async request(url, { insecure, signal, deadline }) {
      signal.throwIfAborted();
      const destination = classifyDestination(url, farms, insecure);
      if (destination.kind === 'status') return inMemory(reservedStatusPage(destination.path, { timeoutMs, maxBytes }));
      // After the destination rule: a page never makes a refused address fetchable.
      const page = pages?.find(url.href, destination.kind === 'farm');
      if (page) return pageResponse(page, url, signal, deadline, timeoutMs, timeoutHoldMs);
      if (destination.kind === 'public') return inMemory(examplePage(url));
      if (unverifiableListeners.has(destination.listener) && !insecure) throw tlsVerificationFailed();
      const remaining = deadline - performance.now();
      if (remaining <= 0) throw fetchTimedOut(timeoutMs);
      const hop = new AbortController();
      const fetchEnded = () => hop.abort(signal.reason);
      signal.addEventListener('abort', fetchEnded, { once: true });
      const hold = destination.table.plannedDelayMs(url) >= remaining ? setTimeout(() => hop.abort(fetchTimedOut(timeoutMs)), Math.min(remaining, timeoutHoldMs)) : undefined;
      const hangUp = () => {
        clearTimeout(hold);
        signal.removeEventListener('abort', fetchEnded);
        hop.abort(hopEnded);
      };
      let response: VirtualResponse;
      try {
        response = await callVirtualFarm(destination, url, hop.signal);
      } catch (err) {
        hangUp();
        throw err;
      }
      if (response.body.closed) hangUp();
      else response.body.once('close', hangUp);
      return { statusCode: response.status, headers: headerRecord(response.headers), body: response.body };
    },
  };
}

/**
 * A page put by the control API, as a fetch reads it. A delay the fetch's deadline would cut is held
 * `timeoutHoldMs` at most, then answered as the timeout, as a farm's slow route is.
 */
async function pageResponse(page: ServedPage, url: URL, signal: AbortSignal, deadline: number, timeoutMs: number, timeoutHoldMs: number): Promise<OriginResponse> {
  if (page.delayMs > 0) {
    const remaining = deadline - performance.now();
    const late = page.delayMs >= remaining;
    try {
      await sleep(late ? Math.max(0, Math.min(remaining, timeoutHoldMs)) : page.delayMs, undefined, { signal });
    } catch (err) {
      throw signal.aborted ? signal.reason : err;
    }
    if (late) throw fetchTimedOut(timeoutMs);
  }
  const headers = headerRecord(page.redirectTo === undefined ? page.headers : [...page.headers, ['location', new URL(page.redirectTo, url).href]]);
  return { statusCode: page.status, headers, body: Readable.from(page.body.length ? [page.body] : []) };
}

/** A response the mock makes up itself, as a fetch reads it. */
function inMemory(reply: FarmResponse): OriginResponse {
  return { statusCode: reply.status, headers: headerRecord(reply.headers), body: Readable.from(reply.body ? [reply.body] : []) };
}

/** Header lines in undici's shape: lowercase names, a repeated header's values as an array. */
function headerRecord(lines: HeaderLines): Record<string, string | string[]> {
  // No prototype: an origin may send a header named __proto__.
  const record = Object.create(null) as Record<string, string | string[]>;
  for (const [rawName, value] of lines) {
    const name = rawName.toLowerCase();
    const before = record[name];
    record[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return record;
}
