import fc from 'fast-check';
import type { CompiledOperation, CompiledParameter } from './CompiledOperation.ts';
import type { GeneratedBody, GeneratedRequest } from './GeneratedRequest.ts';
import { generatedValueSchema } from './generatedValueSchema.ts';
import type { GenerationOptions } from './GenerationOptions.ts';
import { isJson } from '../json/mediaType.ts';
import { requestViolations } from './requestViolations.ts';
import { schemaArbitrary } from './schemaArbitrary.ts';

/** Longest strings to try: in a URL (which servers may cap near 8000 octets, RFC 9110 §4.1) and in a body. */
const longestInUrl = 1000;
const longestInBody = 10_000;

/** A parameter value as the text it travels as. */
export function parameterText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parameterArbitrary(p: CompiledParameter, options: GenerationOptions): fc.Arbitrary<string> {
  return schemaArbitrary(generatedValueSchema(p), { pointer: `/${p.in}/${p.name}`, values: options.values ?? {}, longest: longestInUrl }).map(parameterText);
}

/** The parameters of one place as name → value, optional ones absent or present. */
function parametersOf(operation: CompiledOperation, where: CompiledParameter['in'], options: GenerationOptions): fc.Arbitrary<Array<[string, string]>> {
  const params = operation.parameters.filter((p) => p.in === where);
  const rarely = (p: CompiledParameter) => !p.required && options.serverIssued?.has(p.name) === true;
  const model = Object.fromEntries(
    params.map((p) => {
      const value = parameterArbitrary(p, options);
      return [p.name, rarely(p) ? fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value }) : value];
    }),
  );
  return fc.record(model, { requiredKeys: params.filter((p) => p.required || rarely(p)).map((p) => p.name) }).map((record) =>
    // In the spec's order, so the same values always make the same request.
    params.flatMap((p): Array<[string, string]> => {
      const value = record[p.name];
      return value === undefined ? [] : [[p.name, value]];
    }),
  );
}

/** A valid body of the operation's first documented media type (JSON with and without a charset). */
function bodyArbitrary(operation: CompiledOperation, options: GenerationOptions): fc.Arbitrary<GeneratedBody | undefined> {
  const body = operation.requestBody;
  const media = body?.content[0];
  if (!body || !media) return fc.constant(undefined);
  const value = media.schema ? schemaArbitrary(media.schema, { pointer: '/body', values: options.values ?? {}, longest: longestInBody }) : fc.constant('');
  const types = isJson(media.mediaType) ? [media.mediaType, `${media.mediaType}; charset=utf-8`] : [media.mediaType];
  const generated = fc.record({ mediaType: fc.constantFrom(...types), value });
  return body.required ? generated : fc.option(generated, { nil: undefined });
}

/**
 * Valid requests of an operation, derived from its schemas: each optional parameter and field absent and
 * present, boundaries, unicode, integer limits. Each one is checked against the spec before it is
 * used, and against the suite's safety rules: a request either fails is never generated.
 */
export function positiveRequests(operation: CompiledOperation, options: GenerationOptions = {}): fc.Arbitrary<GeneratedRequest> {
  const pathModel = Object.fromEntries(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, parameterArbitrary(p, options)]));
  return fc
    .record({
      pathParams: fc.record(pathModel),
      query: parametersOf(operation, 'query', options),
      headers: parametersOf(operation, 'header', options),
      body: bodyArbitrary(operation, options),
    })
    .map(({ pathParams, query, headers, body }): GeneratedRequest => ({
      operationId: operation.operationId,
      method: operation.method,
      pathParams,
      rawPathParams: {},
      query,
      headers,
      ...(body ? { body } : {}),
      credentials: 'valid',
    }))
    .filter((request) => (options.safe?.(request) ?? true) && requestViolations(operation, request, options.encodePath).length === 0);
}
