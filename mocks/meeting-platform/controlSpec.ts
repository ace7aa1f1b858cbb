import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { compileSpec, type CompiledSpec, type OpenApiDocument } from '../../src/openapi/compileSpec.ts';

/** Where the control API's own OpenAPI document is: specs/ beside mocks/ (dist/specs in the package). */
export const controlSpecUrl = new URL('../../specs/mock-control.openapi.yaml', import.meta.url);

let compiled: CompiledSpec | undefined;

/** specs/mock-control.openapi.yaml compiled, once per process and only when a control call first needs it. */
export function controlSpec(): CompiledSpec {
  return (compiled ??= compileSpec('mock-control', parse(readFileSync(controlSpecUrl, 'utf8')) as OpenApiDocument));
}
