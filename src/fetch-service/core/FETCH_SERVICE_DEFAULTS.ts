/** The service's limits, as the reference's operator options and the mock's `limits` name them. */
export interface FetchServiceLimits {
  /** Overall fetch deadline (seed §8: 60 s); lower only for tests. */
  timeoutMs: number;
  /** Largest fetched body, as received and after decompression. */
  maxBytes: number;
  /** Fetches in flight per API key before 429. */
  maxConcurrency: number;
  /** Redirect hops followed with allowRedirects before 502. */
  maxRedirects: number;
  /** Largest request body accepted before 400. */
  maxRequestBytes: number;
}

/** The limits when the operator sets none. Its own file so `--help` loads no undici. */
export const FETCH_SERVICE_DEFAULTS: Readonly<FetchServiceLimits> = {
  timeoutMs: 60_000,
  maxBytes: 10 * 1024 * 1024,
  maxConcurrency: 10,
  maxRedirects: 10,
  maxRequestBytes: 64 * 1024,
};
