import { STATUS_CODES } from 'node:http';
import type { components } from '../generated/fetch-service.ts';

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
  | 'internal';

/**
 * A reply the service gives instead of a fetch result. Messages are fixed texts written here, never built
 * from what a resolver, an origin or a socket said: those could carry internal addresses.
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

export function atCapacity(): ServiceError {
  return new ServiceError(503, 'at_capacity', 'The service is holding as much fetched content as it can; retry shortly.', {
    'retry-after': '1',
  });
}

/** Only ever logged: there is nobody left to answer. 499 is nginx's "client closed request". */
export function callerGone(): ServiceError {
  return new ServiceError(499, 'client_closed', 'The caller closed the connection.');
}

export function upstreamFailed(message: string): ServiceError {
  return new ServiceError(502, 'upstream', message);
}

export function fetchTimedOut(timeoutMs: number): ServiceError {
  return new ServiceError(
    504,
    'timeout',
    `The fetch did not complete within ${timeoutMs / 1000} seconds. Check the URL is reachable; for slow targets use a browser-session service with longer timeouts.`,
  );
}
