/** The reference service's limits when the operator sets none. Its own file so `--help` loads no undici. */
export const FETCH_SERVICE_DEFAULTS = {
  timeoutMs: 60_000,
  maxBytes: 10 * 1024 * 1024,
  maxConcurrency: 10,
  maxRedirects: 10,
  maxRequestBytes: 64 * 1024,
} as const;
