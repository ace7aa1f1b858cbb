import type { CompiledOperation } from './CompiledOperation.ts';
import { encodeRequest, type EncodedRequest, type PathEncoder } from './encodeRequest.ts';
import type { GeneratedRequest } from './GeneratedRequest.ts';
import { validateRequest, type RequestRecord } from './validateRequest.ts';
import type { Violation } from './Violation.ts';

/** An encoded request as validateRequest reads one. */
function requestRecord(encoded: EncodedRequest): RequestRecord {
  return {
    method: encoded.method,
    url: encoded.query ? `${encoded.path}?${encoded.query}` : encoded.path,
    headers: Object.fromEntries(encoded.headers.map(([n, v]) => [n.toLowerCase(), v])),
    ...(encoded.body !== undefined ? { body: encoded.body } : {}),
  };
}

/** What the spec finds wrong with a generated request (its credentials aside). */
export function requestViolations(operation: CompiledOperation, request: GeneratedRequest, encodePath?: PathEncoder): Violation[] {
  return validateRequest(operation, requestRecord(encodeRequest(operation, request, encodePath))).violations;
}
