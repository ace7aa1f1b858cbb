import type { Readable } from 'node:stream';
import type { ServiceError } from './ServiceError.ts';

/** One hop of a fetch as its client is asked for it. */
export interface HopOptions {
  /** The caller's allowInsecureSsl: TLS verification off, and local destinations refused with 400. */
  insecure: boolean;
  /** The caller's `proxies`. */
  proxies: boolean;
  /** The fetch's end (its deadline, the caller gone, shutdown), aborted with the ServiceError to answer. */
  signal: AbortSignal;
  /** When the fetch times out, on performance.now()'s clock. */
  deadline: number;
}

/** A fetched response before its body is read. */
export interface OriginResponse {
  statusCode: number;
  /** Lowercase names; a repeated header's values as an array (undici's shape). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Readable;
}

/**
 * The fetch's one piece of I/O: asking an origin for a URL. The reference's goes over the network (undici,
 * its SSRF-guarded connector, TLS); the mock's answers from the origin farm's route table in memory. Each
 * refuses a destination by the service's destination rule (core/destinationRule.ts) before it asks, with
 * the ServiceError to answer. Redirects, limits, decoding and what an error answers are the core's
 * (core/fetchPage.ts).
 */
export interface OriginClient {
  request(url: URL, hop: HopOptions): Promise<OriginResponse>;
  /** The answer for an error of this client's own making (a TLS or timeout code); undefined: a plain 502. */
  failure?(err: unknown, timeoutMs: number): ServiceError | undefined;
}
