import type { IncomingHttpHeaders } from 'node:http';
import type { FarmListener } from './FarmListener.ts';

/** One request as the farm received it, logged before any byte of the answer. */
export interface FarmRequest {
  method: string;
  /** The request target as sent (path and query). */
  path: string;
  headers: IncomingHttpHeaders;
  /** ISO 8601 time of arrival. */
  time: string;
  listener: FarmListener;
  /** The `probe` query parameter, so a check can prove a given request did or did not arrive. */
  probe: string | null;
  remoteAddress: string | null;
  /** ISO 8601 time the route had its answer ready (its headers, and its body unless streamed). */
  answeredAt?: string;
  /**
   * ISO 8601 time the client went away before the answer was all written (a fetch service giving up a
   * fetch: its caller hung up, or its timeout passed), so a check can wait for a service to let go.
   */
  hungUpAt?: string;
}

/**
 * What the farm was asked, newest last. Bounded so a throughput run cannot grow it without limit; the
 * bound is far above what one conformance run sends, so a probe is not evicted before it is looked up.
 */
export class RequestLog {
  readonly #max: number;
  #entries: FarmRequest[] = [];

  constructor(max = 100_000) {
    this.#max = max;
  }

  record(entry: FarmRequest): void {
    this.#entries.push(entry);
    // Trimming in batches keeps record() amortised O(1) instead of shifting the array every time.
    if (this.#entries.length > this.#max * 1.5) this.#entries = this.#entries.slice(-this.#max);
  }

  /** Every logged request, or only those carrying `?probe=<probe>`. */
  requests(probe?: string): FarmRequest[] {
    const kept = this.#entries.slice(-this.#max);
    return probe === undefined ? kept : kept.filter((entry) => entry.probe === probe);
  }

  seen(probe: string): boolean {
    return this.requests(probe).length > 0;
  }
}
