import { STATUS_CODES } from 'node:http';
import type { components } from '../../src/generated/fetch-service.ts';

export type ErrorBody = components['schemas']['ErrorBody'];

/** Texts the mock answers with when nothing more specific applies, one per status it gives on its own. */
const defaultMessages: Record<number, string> = {
  400: 'The request body is invalid.',
  401: 'A valid API key is required in the X-SVC-API-Key header.',
  403: 'The destination is not permitted.',
  404: 'No such endpoint: the fetch operation is POST /v1/fetch.',
  405: 'The fetch operation takes POST.',
  415: 'The request body must be sent as application/json.',
  429: 'Too many concurrent fetches for this API key: wait and retry, or reduce concurrency.',
  500: 'Internal error.',
  502: 'The fetched host could not be reached or did not answer with a valid HTTP response.',
  503: 'The service is shutting down; retry on another instance.',
  504: 'The fetch did not complete within the fetch timeout.',
};

/** Headers the specification (or HTTP) pairs with a status, so a forced status looks like a real one. */
const statusHeaders: Record<number, Record<string, string>> = {
  401: { 'www-authenticate': 'APIKey header="X-SVC-API-Key"' },
  405: { allow: 'POST' },
  429: { 'retry-after': '1' },
};

/**
 * A reply the mock gives instead of a fetch result: thrown from anywhere in a request's handling and
 * turned into `{statusCode, error, message}` with the status as HTTP status, as seed §2 asks of every error.
 */
export class FetchRefusal extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message = defaultMessages[status] ?? `${STATUS_CODES[status] ?? 'Error'}.`, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'FetchRefusal';
    this.status = status;
    this.headers = { ...statusHeaders[status], ...headers };
  }

  body(): ErrorBody {
    return { statusCode: this.status, error: STATUS_CODES[this.status] ?? 'Error', message: this.message };
  }
}

export const badRequest = (message: string): FetchRefusal => new FetchRefusal(400, message);

export const tooLarge = (maxBytes: number): FetchRefusal =>
  new FetchRefusal(502, `The fetched response is larger than ${maxBytes} bytes. Fetch a more specific URL, or use a browser-session service to extract part of the content.`);

export const tlsFailed = (): FetchRefusal =>
  new FetchRefusal(502, 'TLS certificate verification failed for the fetched host. If it is a trusted test host or one you control, set allowInsecureSsl to true.');

export const timedOut = (timeoutMs: number): FetchRefusal =>
  new FetchRefusal(504, `The fetch did not complete within ${timeoutMs / 1000} seconds. Check the URL is reachable; for slow targets use a browser-session service with longer timeouts.`);

export const upstreamFailed = (message?: string): FetchRefusal => new FetchRefusal(502, message);

/** A private destination; with allowInsecureSsl the refusal says why the option is refused (seed §2). */
export const destinationRefused = (insecure: boolean): FetchRefusal =>
  insecure
    ? badRequest('allowInsecureSsl must not be used for localhost, private-network, link-local or cloud-metadata destinations.')
    : new FetchRefusal(403);
