import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { compileSpec, type CompiledSpec, type OpenApiDocument } from './compileSpec.ts';

/** The services whose OpenAPI documents live in specs/<name>.openapi.yaml. */
export type SpecName = 'fetch-service' | 'meeting-platform';

const loaded = new Map<SpecName, CompiledSpec>();

/** specs/<name>.openapi.yaml, read, dereferenced and compiled once per process. */
export function loadSpec(name: SpecName): CompiledSpec {
  let spec = loaded.get(name);
  if (!spec) {
    const text = readFileSync(new URL(`../../specs/${name}.openapi.yaml`, import.meta.url), 'utf8');
    spec = compileSpec(name, parse(text) as OpenApiDocument);
    loaded.set(name, spec);
  }
  return spec;
}
