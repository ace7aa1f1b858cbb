import fc from 'fast-check';
import { describeValue } from '../json/describeValue.ts';
import { jsonValueArbitrary } from '../json/jsonValueArbitrary.ts';
import type { CompiledOperation, CompiledParameter, JsonSchema } from './CompiledOperation.ts';
import { bodyText } from './encodeRequest.ts';
import type { GeneratedBody, GeneratedRequest, Mutation, MutationKind } from './GeneratedRequest.ts';
import { generatedValueSchema } from './generatedValueSchema.ts';
import type { GenerationOptions } from './GenerationOptions.ts';
import { isJson } from '../json/mediaType.ts';
import { parameterText, positiveRequests } from './positiveRequests.ts';
import { requestViolations } from './requestViolations.ts';
import { mergeAllOf, schemaArbitrary } from './schemaArbitrary.ts';

/** One named way to break requests of an operation, with the requests it makes. */
export interface MutationSite {
  name: string;
  kind: MutationKind;
  pointer: string;
  requests: fc.Arbitrary<GeneratedRequest>;
}

type Apply<V> = (request: GeneratedRequest, value: V) => { request: GeneratedRequest; detail: string } | undefined;

const typeWords: Record<string, string> = { string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean', object: 'an object', array: 'an array', null: 'null' };

/**
 * The JSON types the schema allows (its allOf merged; those of a const or an enum count), or none when
 * it names none: a wrong type is a mutation only where the schema says which types are right.
 */
function declaredTypes(schema: JsonSchema): string[] {
  const merged = mergeAllOf(schema);
  if (merged.type !== undefined) return [merged.type].flat() as string[];
  if ('const' in merged) return [merged.const === null ? 'null' : typeof merged.const === 'number' ? 'number' : typeof merged.const];
  if (Array.isArray(merged.enum)) return [...new Set((merged.enum as unknown[]).map((v) => (v === null ? 'null' : typeof v)))];
  return [];
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether a JSON value's type is one the schema's types allow (an integer is a number too). */
function typeAllowed(value: unknown, allowed: readonly string[]): boolean {
  const type = jsonTypeOf(value);
  return allowed.includes(type) || (type === 'integer' && allowed.includes('number'));
}

/** JSON values of another type than the schema allows, simplest first; `current` makes arrays and objects. */
function wrongTypeValues(allowed: readonly string[], current: unknown): unknown[] {
  const inner = current === undefined ? 'x' : current;
  const candidates: unknown[] = [0, true, null, 'true', '1', 1.5, -1, false, '', [], [inner], {}, { value: inner }];
  return candidates.filter((v) => !typeAllowed(v, allowed));
}

/** Texts that are no value of an integer, number or boolean parameter. */
function wrongTypeTexts(allowed: readonly string[]): string[] {
  const all = ['abc', 'null', 'true', '[]', '{}', 'NaN', '1,2', 'Infinity'];
  return all.filter((t) => !(allowed.includes('boolean') && (t === 'true' || t === 'false')));
}

const unusualIntegers = ['1.0', '1.5', '1e2', '0x10', '+5', ' 5', '05', '-0', '１'];
const integerLimits = ['2147483648', '-2147483649', '9007199254740993', '9223372036854775807', '9223372036854775808', '-9223372036854775809', `1${'0'.repeat(100)}`];

const invalidFormats: Record<string, string[]> = {
  uri: ['not a uri', 'conform-fuzz.invalid/no-scheme', '/relative/path', 'http://', '//conform-fuzz.invalid/network-path', 'http://conform fuzz.invalid/', ':'],
  'date-time': ['2030-01-07 15:00', 'yesterday', '2030-13-01T00:00:00Z'],
  date: ['2030-13-01', '07/01/2030'],
  email: ['not an email', '@conform-fuzz.invalid'],
};

const wrongContentTypes: Record<'json' | 'form' | 'other', string[]> = {
  json: ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=conform', 'application/octet-stream'],
  form: ['application/json', 'text/plain', 'multipart/form-data; boundary=conform'],
  other: ['application/json', 'text/plain'],
};

const unknownKeys = ['conform_extra', '__proto__', 'constructor', '', 'x-conform', 'timeout'];
const invalidPercentEncodings = ['%', '%zz', 'a%2', '%E0%A4%A', '%C0%AF', '%%', '%FF'];

/** The JSON text of a body with a few ways to break its syntax that leave every string value whole. */
const malformations: Array<[string, (text: string) => string]> = [
  ['the body ends before its closing "}"', (t) => t.slice(0, -1)],
  ['a trailing comma before the closing "}"', (t) => `${t.slice(0, -1)},}`],
  ['text after the JSON value', (t) => `${t} x`],
  ['keys in single quotes', (t) => t.replace(/"((?:[^"\\]|\\.)*)":/g, "'$1':")],
  ['an extra opening "{"', (t) => `{${t}`],
  ['a bare NaN as a value', (t) => `${t.slice(0, -1)}${t === '{}' ? '' : ','}"conform":NaN}`],
];

function objectSchemaOf(operation: CompiledOperation): { schema: JsonSchema; mediaType: string } | undefined {
  const media = operation.requestBody?.content[0];
  if (!media?.schema) return undefined;
  const schema = mergeAllOf(media.schema);
  return declaredTypes(schema).includes('object') || schema.properties ? { schema, mediaType: media.mediaType } : undefined;
}

function bodyObject(request: GeneratedRequest): Record<string, unknown> {
  const value = request.body?.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
}

function withBody(request: GeneratedRequest, body: GeneratedBody | undefined): GeneratedRequest {
  const { body: _old, ...rest } = request;
  return body ? { ...rest, body } : rest;
}

/**
 * The named mutations of one operation, each a way to break a valid request in exactly one place:
 * wrong type, required field or parameter missing, malformed JSON, a required body missing, format or
 * constant broken (must be refused); another or no content type, unknown or repeated fields and
 * parameters, values outside an enum or a bound, unusual spellings of a number, invalid percent-encoding
 * (fate left open). A suite leaves more open where its seed does (`options.leftOpen`).
 * Only top-level body fields are mutated: the specs' request bodies are flat.
 */
export function mutationSites(operation: CompiledOperation, options: GenerationOptions = {}): MutationSite[] {
  const positive = positiveRequests(operation, options);
  const sites: MutationSite[] = [];
  const site = <V>(name: string, settled: MutationKind, pointer: string, values: fc.Arbitrary<V>, apply: Apply<V>, front = false): void => {
    const kind: MutationKind = options.leftOpen?.some((o) => o.name === name && o.pointer === pointer) ? 'open' : settled;
    const requests = fc
      .tuple(positive, values)
      .map(([request, value]): GeneratedRequest | undefined => {
        const mutated = apply(request, value);
        if (!mutated) return undefined;
        const mutation: Mutation = { name, kind, pointer, detail: mutated.detail, ...(front ? { frontServerMayAnswer: true } : {}) };
        return { ...mutated.request, mutation };
      })
      .filter((r): r is GeneratedRequest => r !== undefined)
      .filter((r) => (options.safe?.(r) ?? true) && (kind === 'open' || pointer === '/credentials' || requestViolations(operation, r, options.encodePath).length > 0));
    sites.push({ name, kind, pointer, requests });
  };
  const extras = options.mutations ?? [];
  for (const extra of extras) {
    site(extra.name, extra.kind, extra.pointer, extra.values, (request, value) => setAt(operation, request, extra.pointer, value));
  }

  // The body as a whole.
  const body = operation.requestBody;
  const media = body?.content[0];
  if (body && media) {
    const family = isJson(media.mediaType) ? 'json' : media.mediaType === 'application/x-www-form-urlencoded' ? 'form' : 'other';
    const bodyKind: MutationKind = body.required ? 'refuse' : 'open';
    site('body missing', bodyKind, '/body', fc.constant(null), (request) => ({ request: withBody(request, undefined), detail: 'no body at all' }));
    // Open: a seed's endpoint table says what a client sends, not that a server refuses a well-formed body
    // under another label (a form sent as application/json, JSON as text/plain). A documented answer, no 5xx.
    site('wrong content type', 'open', '/header/content-type', fc.constantFrom(...wrongContentTypes[family]), (request, type) => {
      const text = bodyText(request) ?? '';
      return { request: withBody(request, { mediaType: type, raw: text }), detail: `the body sent as Content-Type: ${type}` };
    });
    site('no content type', 'open', '/header/content-type', fc.constant(null), (request) => ({ request: withBody(request, { mediaType: null, raw: bodyText(request) ?? '' }), detail: 'no Content-Type header' }));
    if (family === 'json') {
      site('content type spelled otherwise', 'open', '/header/content-type', fc.constantFrom('APPLICATION/JSON', 'application/json;charset=UTF-8', 'application/json; charset=latin1'), (request, type) => ({
        request: withBody(request, { mediaType: type, raw: bodyText(request) ?? '{}' }),
        detail: `Content-Type: ${type}`,
      }));
      site('malformed JSON', 'refuse', '/body', fc.nat({ max: malformations.length - 1 }), (request, i) => {
        const text = bodyText(request) ?? '{}';
        const [detail, breakIt] = malformations[i]!;
        return text.startsWith('{') && text.endsWith('}') ? { request: withBody(request, { mediaType: media.mediaType, raw: breakIt(text) }), detail } : undefined;
      });
    }
  }

  // Each field of an object body.
  const object = objectSchemaOf(operation);
  if (object) {
    const properties = (object.schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((object.schema.required ?? []) as string[]);
    const textual = !isJson(object.mediaType);
    const replaced = new Set(extras.map((e) => e.pointer));
    for (const [name, raw] of Object.entries(properties)) {
      const schema = mergeAllOf(raw);
      const pointer = `/body/${name}`;
      const types = declaredTypes(schema);
      const set = (request: GeneratedRequest, value: unknown) => ({ ...request, body: { mediaType: request.body?.mediaType ?? object.mediaType, value: { ...bodyObject(request), [name]: value } } });
      if (required.has(name)) {
        site('required field missing', 'refuse', pointer, fc.constant(null), (request) => {
          const fields = bodyObject(request);
          delete fields[name];
          return { request: { ...request, body: { mediaType: request.body?.mediaType ?? object.mediaType, value: fields } }, detail: `${name} is left out` };
        });
      }
      // In a form every value is text: only a field that is no string can get the wrong type there.
      const typed = types.length > 0 && !(textual && types.includes('string'));
      const wrong = !typed ? [] : textual ? wrongTypeTexts(types) : wrongTypeValues(types, undefined);
      if (wrong.length) {
        site('wrong type', 'refuse', pointer, fc.nat({ max: wrong.length - 1 }), (request, i) => {
          const current = bodyObject(request)[name];
          const values = textual ? wrong : wrongTypeValues(types, current);
          const value = values[Math.min(i, values.length - 1)];
          return { request: set(request, value), detail: `${name} is ${describeValue(value)} instead of ${types.map((t) => typeWords[t] ?? t).join(' or ')}` };
        });
      }
      if (typeof schema.format === 'string' && invalidFormats[schema.format] && !replaced.has(pointer)) {
        site('format broken', 'refuse', pointer, fc.constantFrom(...invalidFormats[schema.format]!), (request, value) => ({ request: set(request, value), detail: `${name} is ${describeValue(value)}, not a valid ${String(schema.format)}` }));
      }
      if ('const' in schema && typeof schema.const === 'string') {
        const c = schema.const;
        const others = [...new Set([`${c}_x`, c.toUpperCase(), '', 'x'])].filter((v) => v !== c);
        site('constant changed', 'refuse', pointer, fc.constantFrom(...others), (request, value) => ({ request: set(request, value), detail: `${name} is ${describeValue(value)} instead of ${JSON.stringify(c)}` }));
      }
      if (Array.isArray(schema.enum)) {
        const listed = schema.enum as unknown[];
        const others = ['conform-not-listed', ...listed.filter((v): v is string => typeof v === 'string').map((v) => v.toUpperCase())].filter((v) => !listed.includes(v));
        site('not in enum', 'open', pointer, fc.constantFrom(...others), (request, value) => ({ request: set(request, value), detail: `${name} is ${describeValue(value)}, which the spec does not list` }));
      }
      const outside = outOfBounds(schema);
      if (outside.length) {
        site('out of range', 'open', pointer, fc.constantFrom(...outside), (request, value) => ({ request: set(request, value), detail: `${name} is ${describeValue(value)}, past the spec's bound` }));
      }
    }
    const declared = new Set(Object.keys(properties));
    const extraKey = fc.oneof(fc.constantFrom(...unknownKeys), fc.string({ minLength: 1, maxLength: 10 })).filter((k) => !declared.has(k));
    const extraValue = fc.oneof({ weight: 8, arbitrary: jsonValueArbitrary }, { weight: 1, arbitrary: fc.constant('x'.repeat(70_000)) });
    site('unknown field', 'open', '/body', fc.tuple(extraKey, textual ? fc.string() : extraValue), (request, [key, value]) => ({
      request: { ...request, body: { mediaType: request.body?.mediaType ?? object.mediaType, value: { ...bodyObject(request), [key]: value } } },
      detail: `an extra field ${JSON.stringify(key)}: ${describeValue(value)}`,
    }));
    if (!textual && declared.size) {
      site('repeated field', 'open', '/body', fc.tuple(fc.constantFrom(...declared), fc.constantFrom<unknown>(0, null, true, '')), (request, [key, value]) => {
        const text = bodyText(request) ?? '{}';
        if (!text.endsWith('}')) return undefined;
        const raw = `${text.slice(0, -1)}${text === '{}' ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(value)}}`;
        return { request: withBody(request, { mediaType: request.body?.mediaType ?? object.mediaType, raw }), detail: `"${key}" given twice, the second time as ${describeValue(value)}` };
      });
    }
  }

  // Query and path parameters.
  const queryParams = operation.parameters.filter((q) => q.in === 'query');
  for (const p of queryParams) addQuerySites(p, site);
  if (queryParams.length) {
    // One site each over all parameters, so that parameters do not multiply the least telling mutations.
    const valueOf = (p: CompiledParameter) => schemaArbitrary(generatedValueSchema(p), { pointer: `/query/${p.name}`, values: options.values ?? {}, longest: 40 }).map(parameterText);
    const which = fc.nat({ max: queryParams.length - 1 });
    site('empty value', 'open', '/query', which, (request, i) => {
      const name = queryParams[i]!.name;
      return { request: { ...request, query: [...request.query.filter(([n]) => n !== name), [name, ''] as [string, string]] }, detail: `${name}=` };
    });
    const pairs = fc.oneof(...queryParams.map((p) => fc.tuple(fc.constant(p.name), valueOf(p), fc.oneof(valueOf(p), fc.constantFrom('abc', '')))));
    site('repeated parameter', 'open', '/query', pairs, (request, [name, a, b]) => ({
      request: { ...request, query: [...request.query.filter(([n]) => n !== name), [name, a], [name, b]] },
      detail: `${name} given twice: ${JSON.stringify(a)} and ${JSON.stringify(b)}`,
    }));
  }
  {
    const name = fc.constantFrom('conform_extra', 'callback', 'page', '__proto__', 'a[]', 'x.y');
    const declared = new Set(queryParams.map((p) => p.name));
    site('unknown query parameter', 'open', '/query', fc.tuple(name.filter((n) => !declared.has(n)), fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('1', 'true', ''))), (request, [n, v]) => ({
      request: { ...request, query: [...request.query, [n, v]] },
      detail: `?${n}=${v} added`,
    }));
  }
  for (const p of operation.parameters.filter((q) => q.in === 'path')) {
    site(
      'invalid percent-encoding',
      'open',
      `/path/${p.name}`,
      fc.constantFrom(...invalidPercentEncodings),
      (request, raw) => ({ request: { ...request, rawPathParams: { ...request.rawPathParams, [p.name]: raw } }, detail: `${p.name} sent as the raw segment ${JSON.stringify(raw)}` }),
      true,
    );
    const types = declaredTypes(p.schema);
    if (types.length && !types.includes('string')) {
      site('wrong type', 'refuse', `/path/${p.name}`, fc.constantFrom(...wrongTypeTexts(types)), (request, text) => ({ request: { ...request, pathParams: { ...request.pathParams, [p.name]: text } }, detail: `${p.name} is ${JSON.stringify(text)}` }));
    }
  }

  if (operation.security.length) {
    site('credentials missing', 'refuse', '/credentials', fc.constant(null), (request) => ({ request: { ...request, credentials: 'missing' }, detail: 'no credentials sent' }));
    site('credentials not issued', 'refuse', '/credentials', fc.constant(null), (request) => ({ request: { ...request, credentials: 'invalid' }, detail: 'credentials nobody issued' }));
  }
  return sites;

  function addQuerySites(p: CompiledParameter, add: typeof site): void {
    const pointer = `/query/${p.name}`;
    const types = declaredTypes(p.schema);
    const replace = (request: GeneratedRequest, text: string) => ({ ...request, query: [...request.query.filter(([n]) => n !== p.name), [p.name, text] as [string, string]] });
    const detail = (text: string) => `${p.name}=${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
    if (p.required) {
      add('required parameter missing', 'refuse', pointer, fc.constant(null), (request) => ({ request: { ...request, query: request.query.filter(([n]) => n !== p.name) }, detail: `${p.name} is left out` }));
    }
    if (types.length && !types.includes('string')) {
      add('wrong type', 'refuse', pointer, fc.constantFrom(...wrongTypeTexts(types)), (request, text) => ({ request: replace(request, text), detail: detail(text) }));
    }
    if (types.includes('integer')) {
      add('unusual number spelling', 'open', pointer, fc.constantFrom(...unusualIntegers), (request, text) => ({ request: replace(request, text), detail: detail(text) }));
    }
    // Past the cap (the platform's page_size above 300) first: the value a platform serves as the cap.
    const outside = outOfBounds(generatedValueSchema(p)).map(String);
    if (types.includes('integer')) outside.push(...integerLimits);
    if (outside.length) add('out of range', 'open', pointer, fc.constantFrom(...outside), (request, text) => ({ request: replace(request, text), detail: detail(text) }));
    if (Array.isArray(p.schema.enum)) {
      const listed = (p.schema.enum as unknown[]).map(String);
      const others = ['conform-not-listed', ...listed.map((v) => v.toUpperCase()), `${listed[0] ?? ''} `].filter((v) => !listed.includes(v));
      add('not in enum', 'open', pointer, fc.constantFrom(...others), (request, text) => ({ request: replace(request, text), detail: detail(text) }));
    }
  }
}

/**
 * Values just past a schema's bounds: above the maximum first (fast-check tries early values most, and
 * a value past the maximum is the one a platform caps rather than refuses), then below the minimum, a
 * string too long or too short.
 */
function outOfBounds(schema: JsonSchema): unknown[] {
  const out: unknown[] = [];
  if (typeof schema.maximum === 'number') out.push(schema.maximum + 1, schema.maximum * 1000 + 1);
  if (typeof schema.minimum === 'number') out.push(schema.minimum - 1, schema.minimum - 1000);
  if (typeof schema.minLength === 'number' && schema.minLength > 0) out.push('x'.repeat(schema.minLength - 1));
  if (typeof schema.maxLength === 'number') out.push('x'.repeat(schema.maxLength + 1));
  return out;
}

/** Sets the value at a request pointer ("/body/url", "/query/page_size", "/path/meetingId"). */
function setAt(operation: CompiledOperation, request: GeneratedRequest, pointer: string, value: unknown): { request: GeneratedRequest; detail: string } | undefined {
  const [, place, name = ''] = pointer.split('/');
  const shown = `${name} is ${describeValue(value)}`;
  if (place === 'body') {
    const mediaType = request.body?.mediaType ?? operation.requestBody?.content[0]?.mediaType ?? 'application/json';
    return { request: { ...request, body: { mediaType, value: { ...bodyObject(request), [name]: value } } }, detail: shown };
  }
  if (place === 'query') return { request: { ...request, query: [...request.query.filter(([n]) => n !== name), [name, parameterText(value)]] }, detail: `${name}=${parameterText(value)}` };
  if (place === 'path') return { request: { ...request, pathParams: { ...request.pathParams, [name]: parameterText(value) } }, detail: shown };
  return undefined;
}

/** Requests that break exactly one rule of the operation, across all its mutation sites; undefined when it has none. */
export function negativeRequests(operation: CompiledOperation, options: GenerationOptions = {}): fc.Arbitrary<GeneratedRequest> | undefined {
  const sites = mutationSites(operation, options);
  return sites.length ? fc.oneof(...sites.map((s) => s.requests)) : undefined;
}
