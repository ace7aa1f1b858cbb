/** The limits the mock enforces, as the reference's operator options name them. */
export interface MockLimits {
  /** Overall fetch deadline (seed §8: 60 s); lower for fast tests. */
  timeoutMs: number;
  /** Largest fetched body, as sent and after decompression. */
  maxBytes: number;
  /** Fetches in flight per API key before 429. */
  maxConcurrency: number;
  /** Redirect hops followed with allowRedirects before 502. */
  maxRedirects: number;
}

export const defaultMockLimits: MockLimits = {
  timeoutMs: 60_000,
  maxBytes: 10 * 1024 * 1024,
  maxConcurrency: 10,
  maxRedirects: 10,
};
