import type { Readable } from 'node:stream';
import type { Reservation } from './core/BufferBudget.ts';
import type { Dispatcher } from 'undici';
import pkg from '../../package.json' with { type: 'json' };
import { decodeBody, type DecodedBody } from './core/decodeBody.ts';
import type { DestinationPolicy } from './DestinationPolicy.ts';
import { effectivePort } from './core/destinationRule.ts';
import { foldHeaders } from './core/foldHeaders.ts';
import type { OutboundDispatchers } from './OutboundDispatchers.ts';
import { ACCEPT_ENCODING, discardBody, readCappedBody } from './core/readCappedBody.ts';
import { nextHop, REDIRECT_STATUSES } from './core/nextHop.ts';
import { fetchTimedOut, ServiceError, tlsVerificationFailed, tooManyRedirects, upstreamFailed } from './core/ServiceError.ts';
import type { ValidatedRequest } from './core/validateFetchRequest.ts';

export interface FetchLimits {
  maxBytes: number;
  maxRedirects: number;
  timeoutMs: number;
}

/** What a fetch works with: where it may go, how, within which limits, holding bytes against which budget. */
export interface FetchContext {
  dispatchers: OutboundDispatchers;
  policy: DestinationPolicy;
  limits: FetchLimits;
  reservation: Reservation;
}

export interface FetchedPage extends DecodedBody {
  statusCode: number;
  headers: Record<string, string>;
  /** For the access log: redirects followed and body bytes. */
  redirects: number;
  bytes: number;
}

const REQUEST_HEADERS = {
  'user-agent': `conform-fetch-service/${pkg.version}`,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': ACCEPT_ENCODING,
};

// Certificate verification failures as Node (OpenSSL) names them; other TLS errors are handshake failures.
const CERTIFICATE_ERRORS = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE', 'CERT_REVOKED', 'CERT_UNTRUSTED', 'CERT_REJECTED', 'CERT_CHAIN_TOO_LONG',
  'INVALID_CA', 'INVALID_PURPOSE', 'PATH_LENGTH_EXCEEDED', 'HOSTNAME_MISMATCH', 'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE', 'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY', 'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
]);

const TIMEOUT_ERRORS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * Fetches a page for a validated request: every hop checked by the policy before it is requested (and by
 * the guarded connector when it connects), redirects followed only when asked and at most
 * `maxRedirects` times, the body capped, decompressed and decoded. `signal` carries the deadline, the
 * caller's disconnect and shutdown, each aborting with the ServiceError to answer.
 */
export async function fetchPage(request: ValidatedRequest, context: FetchContext, signal: AbortSignal): Promise<FetchedPage> {
  try {
    return await follow(request, context, signal);
  } catch (err) {
    throw asServiceError(err, signal, context.limits.timeoutMs);
  }
}

async function follow(request: ValidatedRequest, context: FetchContext, signal: AbortSignal): Promise<FetchedPage> {
  const { dispatchers, policy, limits } = context;
  const insecure = request.allowInsecureSsl;
  const dispatcher = dispatchers.get(insecure, request.proxies);
  const proxied = request.proxies && dispatchers.proxyConfigured;
  let url = request.target;
  for (let redirects = 0; ; redirects++) {
    policy.checkUrl(url, insecure);
    // Through a proxy the proxy resolves the name, so the check is made on the service's own answer first.
    if (proxied) await policy.addressesFor(url.hostname, effectivePort(url), insecure);
    const response = await dispatcher.request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: 'GET',
      headers: REQUEST_HEADERS,
      signal,
    });
    const location = request.allowRedirects && REDIRECT_STATUSES.has(response.statusCode) ? response.headers.location : undefined;
    if (typeof location === 'string') {
      if (redirects >= limits.maxRedirects) {
        discardBody(response.body as unknown as Readable);
        throw tooManyRedirects(limits.maxRedirects);
      }
      // Read what little the 3xx carries so its connection can be reused.
      await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      url = nextHop(location, url);
      continue;
    }
    return readPage(response, context, redirects);
  }
}

async function readPage(response: Dispatcher.ResponseData, context: FetchContext, redirects: number): Promise<FetchedPage> {
  const headers = response.headers;
  const { bytes, decoded } = await readCappedBody(
    response.body as unknown as Readable,
    { contentEncoding: single(headers['content-encoding']), contentLength: single(headers['content-length']) },
    { maxBytes: context.limits.maxBytes, reservation: context.reservation },
  );
  return {
    statusCode: response.statusCode,
    headers: foldHeaders(Object.entries(headers)),
    ...decodeBody(bytes, headers['content-type'], decoded),
    redirects,
    bytes: bytes.length,
  };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** What to answer for a failed fetch; the underlying error's own text is never passed on. */
function asServiceError(err: unknown, signal: AbortSignal, timeoutMs: number): ServiceError {
  if (signal.aborted && signal.reason instanceof ServiceError) return signal.reason;
  if (err instanceof ServiceError) return err;
  const code = errorCode(err) ?? '';
  if (CERTIFICATE_ERRORS.has(code)) return tlsVerificationFailed();
  if (TIMEOUT_ERRORS.has(code)) return fetchTimedOut(timeoutMs);
  if (code.startsWith('ERR_SSL') || code === 'ERR_TLS_HANDSHAKE_TIMEOUT') {
    return upstreamFailed('The TLS handshake with the fetched host failed.');
  }
  return upstreamFailed();
}
