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
  /** How many were ever recorded: the newest `max` of them count. */
  #count = 0;
  /** The entries that carried each probe, with their number: a check polls for its probe, and a run's log grows to thousands. */
  #byProbe = new Map<string, Array<[number, FarmRequest]>>();

  constructor(max = 100_000) {
    this.#max = max;
  }

  record(entry: FarmRequest): void {
    this.#entries.push(entry);
    const numbered: [number, FarmRequest] = [this.#count++, entry];
    if (entry.probe !== null) this.#byProbe.get(entry.probe)?.push(numbered) ?? this.#byProbe.set(entry.probe, [numbered]);
    // Trimming in batches keeps record() amortised O(1) instead of shifting the array every time.
    if (this.#entries.length > this.#max * 1.5) {
      this.#entries = this.#entries.slice(-this.#max);
      const oldest = this.#count - this.#max;
      for (const [probe, list] of this.#byProbe) {
        const kept = list.filter(([n]) => n >= oldest);
        if (kept.length === 0) this.#byProbe.delete(probe);
        else this.#byProbe.set(probe, kept);
      }
    }
  }

  /** Every logged request, or only those carrying `?probe=<probe>`. */
  requests(probe?: string): FarmRequest[] {
    if (probe === undefined) return this.#entries.slice(-this.#max);
    const oldest = this.#count - this.#max;
    return (this.#byProbe.get(probe) ?? []).filter(([n]) => n >= oldest).map(([, entry]) => entry);
  }

  seen(probe: string): boolean {
    return this.requests(probe).length > 0;
  }
}
