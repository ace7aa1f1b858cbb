import type { ClientCase } from '../client/ClientCase.ts';
import type { ServerAnswer } from '../client/ClientExchange.ts';
import { checkExchange } from '../openapi/checkExchange.ts';
import type { CompiledSpec } from '../openapi/compileSpec.ts';

/** Violations a problem line names; the rest are counted. */
const violationsShown = 4;

/**
 * The *-SPEC-RESPONSE case of one answer: the operation the spec documents for the request (its path
 * with the deployment's prefix taken off), and what in the answer departs from it (status, content type,
 * body schema, headers), or undefined when the spec documents no such operation (other clauses say what
 * is wrong with a request sent where no operation is).
 */
export function specResponseCase(spec: CompiledSpec, clause: string, path: string, request: { method: string; path: string }, answer: ServerAnswer): ClientCase | undefined {
  const operation = spec.operationFor(request.method, request.path);
  if (!operation) return undefined;
  const violations = checkExchange(operation, answer);
  if (!violations.length) return { clause, path };
  const shown = violations.slice(0, violationsShown).map((v) => `${v.where}${v.pointer} ${v.message} [${v.rule}]`);
  const more = violations.length - shown.length;
  return {
    clause,
    path,
    problem: `${shown.join('; ')}${more ? ` (and ${more} more)` : ''}`,
    // Answers alike break the same rules at the same places, array items counted as one place.
    cause: `${operation.operationId} → ${answer.status}: ${[...new Set(violations.map((v) => `${v.where}${v.pointer.replace(/\/\d+(?=\/|$)/g, '/*')} [${v.rule}]`))].join('; ')}`,
  };
}
