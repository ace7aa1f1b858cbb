import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { compileSpec, type CompiledSpec, type OpenApiDocument } from '../../src/openapi/compileSpec.ts';
import { schemaViolations } from '../../src/openapi/schemaViolations.ts';
import type { Violation } from '../../src/openapi/Violation.ts';
import { controlProblems } from '../meeting-platform/controlProblems.ts';
import { MockControlError, type ControlProblem } from '../control-api/MockControlError.ts';

/** The fetch mock's control API document: specs/ beside mocks/ (dist/specs in the package). */
export const fetchControlSpecUrl = new URL('../../specs/fetch-mock-control.openapi.yaml', import.meta.url);

let compiled: CompiledSpec | undefined;

/** specs/fetch-mock-control.openapi.yaml compiled, once per process and only when a control call first needs it. */
export function fetchControlSpec(): CompiledSpec {
  return (compiled ??= compileSpec('fetch-mock-control', parse(readFileSync(fetchControlSpecUrl, 'utf8')) as OpenApiDocument));
}

/**
 * Violations as problems, with an array index written as users write it in a pages file
 * (`pages[2].status`, not `pages.2.status`).
 */
export function fetchControlProblems(violations: readonly Violation[]): ControlProblem[] {
  return controlProblems(violations).map((p) => ({ ...p, field: p.field.replace(/(^|\.)(\d+)(?=\.|$)/g, '[$2]') }));
}

/** Checks an in-process control call's input against the request body schema of `operationId`, as the HTTP routes do. */
export function checkFetchControlInput(operationId: string, value: unknown): void {
  const media = fetchControlSpec().operation(operationId).requestBody?.content[0];
  if (!media?.validate) return;
  const problems = fetchControlProblems(schemaViolations(media.validate, value, 'body', 'the body'));
  if (problems.length) throw new MockControlError(problems);
}
