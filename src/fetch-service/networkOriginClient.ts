import type { Readable } from 'node:stream';
import pkg from '../../package.json' with { type: 'json' };
import { effectivePort } from './core/destinationRule.ts';
import type { OriginClient } from './core/OriginClient.ts';
import { ACCEPT_ENCODING } from './core/readCappedBody.ts';
import { fetchTimedOut, type ServiceError, tlsVerificationFailed, upstreamFailed } from './core/ServiceError.ts';
import type { DestinationPolicy } from './DestinationPolicy.ts';
import type { OutboundDispatchers } from './OutboundDispatchers.ts';

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
 * The reference's origin client: real requests through undici. Every hop is checked by the policy before it
 * is requested (and by the guarded connector when it connects); through a proxy, which resolves the name
 * itself, the check is made on the service's own answer first.
 */
export function networkOriginClient(dispatchers: OutboundDispatchers, policy: DestinationPolicy): OriginClient {
  return {
    async request(url, { insecure, proxies, signal }) {
      policy.checkUrl(url, insecure);
      if (proxies && dispatchers.proxyConfigured) await policy.addressesFor(url.hostname, effectivePort(url), insecure);
      const response = await dispatchers.get(insecure, proxies).request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: 'GET',
        headers: REQUEST_HEADERS,
        signal,
      });
      return { statusCode: response.statusCode, headers: response.headers, body: response.body as unknown as Readable };
    },
    failure: networkFailure,
  };
}

/** What a failed exchange answers, by the code Node or undici gave it. */
function networkFailure(err: unknown, timeoutMs: number): ServiceError | undefined {
  const code = errorCode(err) ?? '';
  if (CERTIFICATE_ERRORS.has(code)) return tlsVerificationFailed();
  if (TIMEOUT_ERRORS.has(code)) return fetchTimedOut(timeoutMs);
  if (code.startsWith('ERR_SSL') || code === 'ERR_TLS_HANDSHAKE_TIMEOUT') return upstreamFailed('The TLS handshake with the fetched host failed.');
  return undefined;
}

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}
