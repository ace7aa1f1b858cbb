import { STATUS_CODES } from 'node:http';
import type { components } from '../../generated/fetch-service.ts';

export type ErrorBody = components['schemas']['ErrorBody'];

/** What went wrong, for the access log and for tests; callers see only the status and the message. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'destination_refused'
  | 'insecure_refused'
  | 'not_found'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'too_large'
  | 'tls'
  | 'upstream'
  | 'timeout'
  | 'shutting_down'
  | 'at_capacity'
  | 'client_closed'
  | 'internal'
  | 'forced';

/**
 * A reply the service gives instead of a fetch result. Messages are fixed texts written in this file (the
 * error catalogue, which the reference and the mock both answer from), never built from what a resolver,
 * an origin or a socket said: those could carry internal addresses.
 */
export class ServiceError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ServiceError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  body(): ErrorBody {
    return { statusCode: this.status, error: STATUS_CODES[this.status] ?? 'Error', message: this.message };
  }
}

export function badRequest(message: string): ServiceError {
  return new ServiceError(400, 'bad_request', message);
}

export function requestTooLarge(maxBytes: number): ServiceError {
  return badRequest(`The request body must be at most ${maxBytes} bytes.`);
}

export function unauthorized(): ServiceError {
  return new ServiceError(401, 'unauthorized', 'A valid API key is required in the X-SVC-API-Key header.', {
    'www-authenticate': 'APIKey header="X-SVC-API-Key"',
  });
}

export function destinationRefused(): ServiceError {
  return new ServiceError(403, 'destination_refused', 'The destination is not permitted.');
}

export function insecureRefused(): ServiceError {
  return new ServiceError(
    400,
    'insecure_refused',
    'allowInsecureSsl must not be used for localhost, private-network, link-local or cloud-metadata destinations.',
  );
}

export function notFound(): ServiceError {
  return new ServiceError(404, 'not_found', 'No such endpoint: the fetch operation is POST /v1/fetch.');
}

export function methodNotAllowed(): ServiceError {
  return new ServiceError(405, 'method_not_allowed', 'The fetch operation takes POST.', { allow: 'POST' });
}

export function unsupportedMediaType(): ServiceError {
  return new ServiceError(415, 'unsupported_media_type', 'The request body must be sent as application/json.');
}

export function tooManyRequests(): ServiceError {
  return new ServiceError(429, 'too_many_requests', 'Too many concurrent fetches for this API key: wait and retry, or reduce concurrency.', {
    'retry-after': '1',
  });
}

export function internalError(): ServiceError {
  return new ServiceError(500, 'internal', 'Internal error.');
}

export function responseTooLarge(maxBytes: number): ServiceError {
  return new ServiceError(
    502,
    'too_large',
    `The fetched response is larger than ${maxBytes} bytes. Fetch a more specific URL, or use a browser-session service to extract part of the content.`,
  );
}

export function tlsVerificationFailed(): ServiceError {
  return new ServiceError(
    502,
    'tls',
    "TLS certificate verification failed for the fetched host. If it is a trusted test host or one you control, set allowInsecureSsl to true.",
  );
}

/** A failed exchange with the fetched host; without a message, the one that fits any such failure. */
export function upstreamFailed(message = 'The fetched host could not be reached or did not answer with a valid HTTP response.'): ServiceError {
  return new ServiceError(502, 'upstream', message);
}

export function tooManyRedirects(maxRedirects: number): ServiceError {
  return upstreamFailed(`The fetched URL redirected more than ${maxRedirects} times.`);
}

export function shuttingDown(): ServiceError {
  return new ServiceError(503, 'shutting_down', 'The service is shutting down; retry on another instance.');
}

export function atCapacity(): ServiceError {
  return new ServiceError(503, 'at_capacity', 'The service is holding as much fetched content as it can; retry shortly.', {
    'retry-after': '1',
  });
}

export function fetchTimedOut(timeoutMs: number): ServiceError {
  return new ServiceError(
    504,
    'timeout',
    `The fetch did not complete within ${timeoutMs / 1000} seconds. Check the URL is reachable; for slow targets use a browser-session service with longer timeouts.`,
  );
}

/** Only ever logged: there is nobody left to answer. 499 is nginx's "client closed request". */
export function callerGone(): ServiceError {
  return new ServiceError(499, 'client_closed', 'The caller closed the connection.');
}

/**
 * The catalogue's error for a status asked for on purpose (the mock's `Prefer: code=NNN`), so a forced
 * status looks like the real one: its message and headers. A status the service never gives by itself
 * gets its reason phrase; a forced 400 says only that the request was refused.
 */
export function errorForStatus(status: number, timeoutMs: number): ServiceError {
  const known = catalogueByStatus[status];
  if (known) return known(timeoutMs);
  if (status === 400) return badRequest('The request body is invalid.');
  return new ServiceError(status, 'forced', `${STATUS_CODES[status] ?? 'Error'}.`);
}

const catalogueByStatus: Record<number, (timeoutMs: number) => ServiceError> = {
  401: unauthorized,
  403: destinationRefused,
  404: notFound,
  405: methodNotAllowed,
  415: unsupportedMediaType,
  429: tooManyRequests,
  500: internalError,
  502: () => upstreamFailed(),
  503: shuttingDown,
  504: fetchTimedOut,
};
