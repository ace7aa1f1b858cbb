import fc from 'fast-check';
import type { FuzzBinding, SentExchange } from '../../src/harness/suite-api/FuzzBinding.ts';
import { isLoopbackHost } from '../../src/exchange/isLoopbackHost.ts';
import { bodyText, encodeRequest } from '../../src/openapi/encodeRequest.ts';
import type { GeneratedRequest } from '../../src/openapi/GeneratedRequest.ts';
import { loadSpec } from '../../src/openapi/loadSpec.ts';
import { doubtfulUrls, farmOrInvalidOnly, farmUrlArbitrary, invalidUrls } from './farmUrls.ts';
import { parseJson, requestHeaders, type FetchCall } from './fetchClient.ts';
import { showsKeyRefused } from './diagnoseReply.ts';
import type { SuiteTarget } from './SuiteTarget.ts';

/** The url of a generated request's body, when it has one that is a string. */
function urlOf(request: GeneratedRequest): string | undefined {
  const value = request.body?.value;
  if (value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>).url === 'string') return (value as Record<string, string>).url;
  return undefined;
}

/**
 * The fetch-service target as generated requests see it. URLs name only the farm's listeners or hosts
 * under `.invalid` (safety); a 502 or 504 is the origin's fault for a `.invalid` host, a TLS listener
 * (its certificate may not verify for the target) and a redirect (the hop limit is the service's);
 * a refused allowInsecureSsl is the seed's own rule when the farm is on loopback. `clauses`: the ids its
 * checks report (fuzzChecks.ts writes them out).
 */
export function fetchFuzzBinding(s: SuiteTarget, clauses: FuzzBinding['clauses']): FuzzBinding {
  const spec = loadSpec('fetch-service');
  const operation = spec.operation('fetchPage');
  const farm = s.farm;
  const plainOrigin = new URL(farm.listeners.httpUrl).origin;
  const farmIsLocal = isLoopbackHost(new URL(farm.listeners.httpUrl).hostname);
  const namesOnlyFarmOrInvalid = farmOrInvalidOnly(farm);
  const originAtFault = (request: GeneratedRequest): boolean => {
    const url = URL.parse(urlOf(request) ?? '');
    return !url || url.origin !== plainOrigin || url.pathname.startsWith('/redirect/');
  };
  return {
    suite: 'fetch-service',
    clauses,
    spec,
    operations: [
      {
        operation,
        options: {
          values: { '/body/url': farmUrlArbitrary(farm) },
          mutations: [
            { pointer: '/body/url', name: 'url not an absolute URI', kind: 'refuse', values: fc.constantFrom(...invalidUrls(farm)) },
            { pointer: '/body/url', name: 'url a browser takes and RFC 3986 does not', kind: 'open', values: fc.constantFrom(...doubtfulUrls(farm)) },
          ],
          safe: (request) => namesOnlyFarmOrInvalid(bodyText(request) ?? ''),
        },
      },
    ],
    excuses: {
      serverError: (request, x) => (x.status === 502 || x.status === 504) && originAtFault(request),
      refusal: (request, x) => x.status === 400 && farmIsLocal && (request.body?.value as Record<string, unknown> | undefined)?.allowInsecureSsl === true,
    },
    // Valid requests all refused for their key leave FS-FUZZ-POSITIVE nothing to judge: FS-AUTH-KEY fails. A
    // refusal counts as the key's only where it says so (a 403 for the destination is FS-FUZZ-POSITIVE's own).
    credentialsRefused: { clause: 'FS-AUTH-KEY', refused: (x) => showsKeyRefused({ ...x, headers: x.headers instanceof Headers ? Object.fromEntries(x.headers) : x.headers, text: x.body, json: parseJson(x.body), call: {} }) },
    async send(operation, request, signal): Promise<SentExchange> {
      const encoded = encodeRequest(operation, request);
      const raw = encoded.body ?? '';
      const key = request.credentials === 'valid' ? undefined : request.credentials === 'missing' ? null : 'conform-not-an-issued-key';
      const contentType = request.body ? request.body.mediaType : null;
      const call: FetchCall = { raw, key, contentType, query: encoded.query, generated: true, ...(signal ? { signal } : {}) };
      const x = await s.client.post(call);
      return {
        shown: { method: 'POST', url: x.endpoint, headers: Object.entries(requestHeaders(call)), body: raw },
        status: x.status,
        headers: x.headers,
        body: x.text,
        durationMs: x.durationMs,
        ...(x.failure ? { failure: x.failure } : {}),
      };
    },
  };
}
