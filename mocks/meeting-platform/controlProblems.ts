import type { Violation } from '../../src/openapi/Violation.ts';
import { schemaViolations } from '../../src/openapi/schemaViolations.ts';
import { controlSpec } from './controlSpec.ts';
import { MockControlError, type ControlProblem } from '../control-api/MockControlError.ts';

// A value that is there but wrong says most; then a field missing; then one not allowed; last a whole
// alternative that no form matched (oneOf), whose branches' own errors already said how.
const rank = (rule: string): number => (rule.startsWith('required') ? 1 : rule.startsWith('additionalProperties') ? 2 : rule === 'oneOf' || rule === 'anyOf' ? 3 : 0);

/** Violations as the control API's problems, the most telling first: each names its field. */
export function controlProblems(violations: readonly Violation[]): ControlProblem[] {
  return [...violations].sort((a, b) => rank(a.rule) - rank(b.rule)).map((v) => ({ field: fieldOf(v), message: v.message }));
}

function fieldOf(v: Violation): string {
  const at = v.pointer.slice(1).replaceAll('/', '.');
  const extra = v.rule.startsWith('additionalProperties') ? /the field "([^"]+)"/.exec(v.message)?.[1] : undefined;
  const missing = /^required: (.+)$/.exec(v.rule)?.[1];
  const leaf = extra ?? missing;
  if (leaf !== undefined && v.where === 'body') return at ? `${at}.${leaf}` : leaf;
  if (at) return at;
  return v.where === 'body' ? 'body' : v.where;
}

/**
 * Checks an in-process control call's input against the request body schema of `operationId`, as the
 * HTTP routes check a body: the handle refuses what the API would (MockControlError naming the field).
 */
export function checkControlInput(operationId: string, value: unknown): void {
  const media = controlSpec().operation(operationId).requestBody?.content[0];
  if (!media?.validate) return;
  const problems = controlProblems(schemaViolations(media.validate, value, 'body', 'the body'));
  if (problems.length) throw new MockControlError(problems);
}
