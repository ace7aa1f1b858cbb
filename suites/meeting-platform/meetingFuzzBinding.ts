import fc from 'fast-check';
import { currentRedactor } from '../../src/harness/suite-api/currentRedactor.ts';
import type { FuzzBinding, SentExchange } from '../../src/harness/suite-api/FuzzBinding.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { encodeMeetingId } from '../../src/meeting-platform/core/encodeMeetingId.ts';
import { exchange } from '../../src/meeting-platform/exchange.ts';
import { apiUrl, tokenUrl } from '../../src/meeting-platform/platformRequests.ts';
import { shownRequest } from '../../src/meeting-platform/shownRequest.ts';
import type { CompiledOperation } from '../../src/openapi/CompiledOperation.ts';
import { encodeRequest, type PathEncoder } from '../../src/openapi/encodeRequest.ts';
import type { GeneratedRequest } from '../../src/openapi/GeneratedRequest.ts';
import { loadSpec } from '../../src/openapi/loadSpec.ts';
import { schemaArbitrary } from '../../src/openapi/schemaArbitrary.ts';
import { sessionFor } from './platformSession.ts';

/** Credentials no platform issued, for the mutations that must be refused. */
const foreignToken = 'conform-not-an-issued-token';
const foreignSecret = 'conform-not-an-issued-secret';

/**
 * Mutations the spec's keywords make invalid but the seed leaves open, since it only says what a client
 * sends (MP-FUZZ-NEGATIVE): a token request without account_id (a platform may grant for the app's own
 * account), a page_size that is no number (a platform may serve its default).
 */
const seedLeavesOpen = [
  { name: 'required field missing', pointer: '/body/account_id' },
  { name: 'wrong type', pointer: '/query/page_size' },
];

/** The identifier rule (seed §2) for parameters the spec marks with it; encodeURIComponent for the rest. */
export const meetingPathEncoder = (operation: CompiledOperation): PathEncoder => (name, value) =>
  operation.parameters.find((p) => p.name === name)?.extensions['x-conform-encoding'] === 'meeting-id' ? encodeMeetingId(value) : encodeURIComponent(value);

/** Meeting identifiers in the platform's shapes: numeric ids up to 2^63-1 and base64-like UUIDs with "/" and "+". */
function meetingIds(operation: CompiledOperation): fc.Arbitrary<string> {
  const schema = operation.parameters.find((p) => p.name === 'meetingId')!.schema;
  const base64 = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'), minLength: 22, maxLength: 22 }).map((s) => `${s}==`);
  return fc.oneof(
    { weight: 2, arbitrary: schemaArbitrary(schema, { pointer: '/path/meetingId', values: {}, longest: 1000 }).map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }).map(String) },
    { weight: 1, arbitrary: base64 },
  );
}

/**
 * The meeting platform as generated requests see it: the token request and GETs only (read-only against
 * a real account), the account's own id in every token request, meeting ids encoded by the identifier
 * rule, the session's token on API requests.
 */
export function meetingFuzzBinding(target: MeetingPlatformTarget, clauses: FuzzBinding['clauses']): FuzzBinding {
  const spec = loadSpec('meeting-platform');
  const token = spec.operation('requestAccessToken');
  const getMeeting = spec.operation('getMeeting');
  const ids = ['getCurrentUser', 'listMeetings'] as const;
  return {
    suite: 'meeting-platform',
    clauses,
    spec,
    operations: [
      { operation: token, options: { values: { '/body/account_id': fc.constant(target.credentials.accountId) }, leftOpen: seedLeavesOpen } },
      ...ids.map((id) => ({ operation: spec.operation(id), options: { leftOpen: seedLeavesOpen } })),
      { operation: getMeeting, options: { values: { '/path/meetingId': meetingIds(getMeeting) }, encodePath: meetingPathEncoder(getMeeting) } },
    ],
    async send(operation, request, signal): Promise<SentExchange> {
      return sendGenerated(target, operation, request, signal);
    },
  };
}

/** One generated request to the target; anything but the token request and a GET is refused here. */
async function sendGenerated(target: MeetingPlatformTarget, operation: CompiledOperation, request: GeneratedRequest, signal?: AbortSignal): Promise<SentExchange> {
  const isToken = operation.operationId === 'requestAccessToken';
  if (!isToken && operation.method !== 'GET') throw new Error(`generated requests against the meeting platform are GETs and the token request only, not ${operation.method} ${operation.path}`);
  const encoded = encodeRequest(operation, request, meetingPathEncoder(operation));
  const base = isToken ? tokenUrl(target.authUrl) : apiUrl(target.apiBaseUrl, encoded.path);
  const url = encoded.query ? `${base}?${encoded.query}` : base;
  const headers: Record<string, string> = { accept: 'application/json', ...Object.fromEntries(encoded.headers) };
  if (isToken) {
    const { clientId, clientSecret } = target.credentials;
    const secret = request.credentials === 'invalid' ? foreignSecret : clientSecret;
    if (request.credentials !== 'missing') headers.authorization = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
  } else if (request.credentials !== 'missing') {
    headers.authorization = `Bearer ${request.credentials === 'invalid' ? foreignToken : await sessionFor(target).token()}`;
  }
  const body = encoded.body !== undefined ? { body: encoded.body } : {};
  const shown = shownRequest({ method: operation.method, url, requestHeaders: headers, ...(encoded.body !== undefined ? { requestBody: encoded.body } : {}) }, currentRedactor(), target.credentials);
  const started = performance.now();
  try {
    const x = await exchange(url, { method: operation.method, headers, ...body, generated: true, ...(signal ? { signal } : {}), limits: target.limits });
    return { shown, status: x.status, headers: x.headers, body: x.bodyText, durationMs: x.durationMs };
  } catch (err) {
    if (signal?.aborted) throw err;
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    return { shown, status: 0, headers: {}, body: '', durationMs: performance.now() - started, failure: cause instanceof Error ? cause.message : String(cause) };
  }
}
