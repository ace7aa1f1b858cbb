import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { compileSpec, type CompiledSpec, type OpenApiDocument } from './compileSpec.ts';

/** The services whose OpenAPI documents live in specs/<name>.openapi.yaml. */
export type SpecName = 'fetch-service' | 'meeting-platform';

const loaded = new Map<SpecName, CompiledSpec>();

/** Where specs/<name>.openapi.yaml is, for the tools that read it themselves. */
export function specUrl(name: SpecName): URL {
  return new URL(`../../specs/${name}.openapi.yaml`, import.meta.url);
}

/** specs/<name>.openapi.yaml, read, dereferenced and compiled once per process. */
export function loadSpec(name: SpecName): CompiledSpec {
  let spec = loaded.get(name);
  if (!spec) {
    const text = readFileSync(specUrl(name), 'utf8');
    spec = compileSpec(name, parse(text) as OpenApiDocument);
    loaded.set(name, spec);
  }
  return spec;
}
