import { checkExchange, type ResponseRecord } from './checkExchange.ts';
import type { CompiledOperation } from './CompiledOperation.ts';
import type { GeneratedRequest } from './GeneratedRequest.ts';
import { formatViolations } from './Violation.ts';

/** A response to a generated request; status 0 when no HTTP answer came (`failure` says why). */
export interface GeneratedExchange extends ResponseRecord {
  failure?: string;
}

export interface Excuses {
  /** A 5xx that is no fault of the service (the fetch service's 502 or 504 when the origin is at fault). */
  serverError?(request: GeneratedRequest, exchange: GeneratedExchange): boolean;
  /** A valid request the service may refuse all the same (a rule of the seed the spec cannot state). */
  refusal?(request: GeneratedRequest, exchange: GeneratedExchange): boolean;
  /** Parameters whose values come from an earlier response (links): random ones may rightly be refused. */
  linkFed?: ReadonlySet<string>;
}

/** The crash clause: no generated request gets a 5xx or no HTTP answer at all. */
export function serverFault(request: GeneratedRequest, x: GeneratedExchange, excuses: Excuses = {}): string | undefined {
  if (x.status === 0) return `no HTTP answer: ${x.failure ?? 'the connection failed'}`;
  if (x.status >= 500 && !excuses.serverError?.(request, x)) return `answered ${x.status}: a server error for a generated request`;
  return undefined;
}

/**
 * A valid request must get a documented status with a body that conforms, and must not be refused as
 * invalid (400, 422), for its credentials (401) or for its content type (415): the spec allows it.
 * A 5xx is the crash clause's business and passes here.
 */
export function positiveProblem(operation: CompiledOperation, request: GeneratedRequest, x: GeneratedExchange, excuses: Excuses = {}): string | undefined {
  if (x.status === 0 || x.status >= 500) return undefined;
  const violations = checkExchange(operation, x);
  if (violations.length) return `the answer breaks the spec:\n${formatViolations(violations)}`;
  const fromLinks = request.query.some(([name]) => excuses.linkFed?.has(name)) || Object.keys(request.pathParams).some((name) => excuses.linkFed?.has(name));
  const refusedAsInvalid = (x.status === 400 || x.status === 422) && !fromLinks;
  if ((refusedAsInvalid || x.status === 401 || x.status === 415) && !excuses.refusal?.(request, x)) {
    const why = x.status === 401 ? 'its valid credentials' : x.status === 415 ? 'its documented content type' : 'being invalid, though the spec allows every part of it';
    return `a valid request was refused with ${x.status} for ${why}`;
  }
  return undefined;
}

/**
 * A request with one mutation: whatever its kind, a documented status and a body that conforms; a
 * mutation that must be refused also gets a 4xx. One whose fate is open may be accepted or refused.
 * A request malformed below the API (invalid percent-encoding) may get any 4xx: a front server may
 * answer it before the API does (seed meeting-platform §7: an HTML page means a wrong address).
 */
export function negativeProblem(operation: CompiledOperation, request: GeneratedRequest, x: GeneratedExchange, excuses: Excuses = {}): string | undefined {
  if (x.status === 0 || x.status >= 500) return undefined;
  if (request.mutation?.frontServerMayAnswer && x.status >= 400) return undefined;
  const violations = checkExchange(operation, x);
  if (violations.length) return `the answer breaks the spec:\n${formatViolations(violations)}`;
  if (request.mutation?.kind === 'refuse' && (x.status < 400 || x.status >= 500)) {
    return `the request was accepted (${x.status}) though it breaks the spec (${request.mutation.name}) and must be refused with a 4xx`;
  }
  return undefined;
}
