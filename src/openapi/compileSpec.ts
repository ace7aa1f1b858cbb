import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { CompiledHeader, CompiledLink, CompiledMedia, CompiledOperation, CompiledParameter, CompiledResponse, JsonSchema, ParameterLocation, SecurityScheme } from './CompiledOperation.ts';
import { createAjv, extensionKeys } from './createAjv.ts';
import { dereference } from './dereference.ts';
import { PathPattern } from './PathPattern.ts';

/** The parts of an OpenAPI 3.1 document this module reads. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
  components?: { securitySchemes?: Record<string, Record<string, unknown>> };
  security?: Array<Record<string, string[]>>;
}

/** One OpenAPI document made executable: every operation with its validators. */
export interface CompiledSpec {
  name: string;
  title: string;
  operations: readonly CompiledOperation[];
  /** The operation with this operationId; throws for an unknown one (a programming error). */
  operation(operationId: string): CompiledOperation;
  /**
   * The operation a request is for: its method and the end of its URL's path matching a path template
   * (a base URL may add a prefix). Undefined when the spec documents no such operation.
   */
  operationFor(method: string, url: string | URL): CompiledOperation | undefined;
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Obj = Record<string, unknown>;

/** Compiles every operation's parameters, request body and responses of `document` (not yet dereferenced). */
export function compileSpec(name: string, document: OpenApiDocument): CompiledSpec {
  const resolved = dereference(document);
  const ajv = createAjv(extensionKeys(resolved));
  const schemes = resolved.components?.securitySchemes ?? {};
  const operations: CompiledOperation[] = [];
  for (const [path, item] of Object.entries(resolved.paths)) {
    const shared = asArray(item.parameters);
    for (const method of methods) {
      const op = item[method] as Obj | undefined;
      if (!op) continue;
      const operationId = typeof op.operationId === 'string' ? op.operationId : `${method.toUpperCase()} ${path}`;
      const at = `${name}: ${operationId}`;
      const security = (Array.isArray(op.security) ? op.security : (resolved.security ?? [])) as Array<Record<string, string[]>>;
      operations.push({
        spec: name,
        operationId,
        method: method.toUpperCase(),
        path,
        summary: typeof op.summary === 'string' ? op.summary : '',
        parameters: mergeParameters(shared, asArray(op.parameters)).map((p) => compileParameter(ajv, p, at)),
        ...(op.requestBody ? { requestBody: compileRequestBody(ajv, op.requestBody as Obj, at) } : {}),
        responses: Object.entries((op.responses ?? {}) as Record<string, Obj>).map(([status, response]) => compileResponse(ajv, status, response, at)),
        security: security.map((requirement) => Object.keys(requirement).map((scheme) => securityScheme(scheme, schemes[scheme], at))),
      });
    }
  }
  // Most specific template first, so /v2/users/me is found before a /v2/users/{userId} would be.
  const byWeight = [...operations].sort((a, b) => PathPattern.fromTemplate(b.path).weight - PathPattern.fromTemplate(a.path).weight);
  return {
    name,
    title: resolved.info.title,
    operations,
    operation(operationId) {
      const found = operations.find((o) => o.operationId === operationId);
      if (!found) throw new Error(`${name} has no operation ${operationId}`);
      return found;
    },
    operationFor(method, url) {
      const path = (typeof url === 'string' ? new URL(url, 'http://conform.invalid') : url).pathname;
      const upper = method.toUpperCase();
      return byWeight.find((o) => (o.method === upper || (upper === 'HEAD' && o.method === 'GET')) && PathPattern.fromTemplate(o.path).match(path));
    },
  };
}

function asArray(value: unknown): Obj[] {
  return Array.isArray(value) ? (value as Obj[]) : [];
}

/** Operation-level parameters override path-level ones of the same name and place. */
function mergeParameters(shared: Obj[], own: Obj[]): Obj[] {
  const key = (p: Obj) => `${String(p.in)}:${String(p.name)}`;
  const ownKeys = new Set(own.map(key));
  return [...shared.filter((p) => !ownKeys.has(key(p))), ...own];
}

function extensionsOf(object: Obj): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([k]) => k.startsWith('x-')));
}

function compile(ajv: Ajv2020, schema: JsonSchema, at: string) {
  try {
    return ajv.compile(schema);
  } catch (err) {
    throw new Error(`${at}: the schema does not compile: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function compileParameter(ajv: Ajv2020, p: Obj, at: string): CompiledParameter {
  const location = p.in as string;
  if (location !== 'path' && location !== 'query' && location !== 'header') throw new Error(`${at}: parameters in ${location} are not supported`);
  const schema = (p.schema ?? {}) as JsonSchema;
  const cap = p['x-conform-cap'];
  if (cap !== undefined && !(typeof cap === 'number' && Number.isFinite(cap))) throw new Error(`${at} parameter ${String(p.name)}: x-conform-cap must be a number, got ${JSON.stringify(cap)}`);
  return {
    name: String(p.name),
    in: location as ParameterLocation,
    required: p.required === true || location === 'path',
    allowEmptyValue: p.allowEmptyValue === true,
    schema,
    validate: compile(ajv, schema, `${at} parameter ${String(p.name)}`),
    ...(cap !== undefined && { cap }),
    extensions: extensionsOf(p),
  };
}

function compileContent(ajv: Ajv2020, content: unknown, at: string): CompiledMedia[] {
  return Object.entries((content ?? {}) as Record<string, Obj>).map(([mediaType, media]) => {
    const schema = media.schema as JsonSchema | undefined;
    return { mediaType: mediaType.toLowerCase(), ...(schema ? { schema, validate: compile(ajv, schema, `${at} ${mediaType}`) } : {}) };
  });
}

function compileRequestBody(ajv: Ajv2020, body: Obj, at: string): { required: boolean; content: CompiledMedia[] } {
  return { required: body.required === true, content: compileContent(ajv, body.content, `${at} request body`) };
}

function compileResponse(ajv: Ajv2020, status: string, response: Obj, at: string): CompiledResponse {
  const where = `${at} response ${status}`;
  const headers: CompiledHeader[] = Object.entries((response.headers ?? {}) as Record<string, Obj>).map(([name, header]) => {
    const schema = header.schema as JsonSchema | undefined;
    return { name: name.toLowerCase(), required: header.required === true, ...(schema ? { schema, validate: compile(ajv, schema, `${where} header ${name}`) } : {}) };
  });
  const links: CompiledLink[] = Object.entries((response.links ?? {}) as Record<string, Obj>).map(([linkName, link]) => ({
    name: linkName,
    operationId: String(link.operationId),
    ...(typeof link.description === 'string' ? { description: link.description } : {}),
    parameters: (link.parameters ?? {}) as Record<string, string>,
    extensions: extensionsOf(link),
  }));
  return { status: status.toUpperCase(), description: String(response.description ?? ''), headers, content: compileContent(ajv, response.content, where), links };
}

function securityScheme(name: string, scheme: Obj | undefined, at: string): SecurityScheme {
  if (!scheme) throw new Error(`${at}: security scheme ${name} is not defined in components.securitySchemes`);
  return {
    name,
    type: scheme.type as SecurityScheme['type'],
    ...(typeof scheme.in === 'string' ? { in: scheme.in as 'header' | 'query' | 'cookie' } : {}),
    ...(typeof scheme.name === 'string' ? { keyName: scheme.name } : {}),
    ...(typeof scheme.scheme === 'string' ? { scheme: scheme.scheme.toLowerCase() } : {}),
  };
}
