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
 * One named mutation: a way to break a valid request in exactly one place. `values` says what it breaks
 * the place with, or undefined where it does not apply (a field with no declared type has no wrong type);
 * `apply` makes the broken request, or undefined when this request cannot be broken so.
 */
interface NamedMutation<P, V> {
  name: string;
  /** Whether it must be refused (`refuse`) or its fate is left open, here or at every place. */
  kind: MutationKind | ((place: P) => MutationKind);
  pointer(place: P): string;
  values(place: P): fc.Arbitrary<V> | undefined;
  apply(place: P, request: GeneratedRequest, value: V): { request: GeneratedRequest; detail: string } | undefined;
  /** A server in front of the service (a proxy, a router) may answer it before the service sees it. */
  frontServerMayAnswer?: true;
}

/** The body as a whole, as its operation declares it. */
interface BodyPlace {
  mediaType: string;
  family: 'json' | 'form' | 'other';
  required: boolean;
}

/** One top-level field of an object body. */
interface FieldPlace {
  name: string;
  schema: JsonSchema;
  types: string[];
  required: boolean;
  /** A form: every value is text. */
  textual: boolean;
  /** A suite's own mutation replaces the generic values at this field (GenerationOptions.mutations). */
  replaced: boolean;
  set(request: GeneratedRequest, value: unknown): GeneratedRequest;
  mediaType: string;
}

/** An object body's fields together. */
interface ObjectPlace {
  declared: Set<string>;
  textual: boolean;
  mediaType: string;
}

/** One query or path parameter. */
interface ParameterPlace {
  parameter: CompiledParameter;
  types: string[];
}

/** The query's parameters together, each with the values a valid request gives it. */
interface QueryPlace {
  parameters: CompiledParameter[];
  valueOf(p: CompiledParameter): fc.Arbitrary<string>;
}

/** A table entry whose value type is its own: the tables hold entries of different value types. */
function named<P, V>(mutation: NamedMutation<P, V>): NamedMutation<P, unknown> {
  return mutation as NamedMutation<P, unknown>;
}

/** The body as a whole: the body missing, another or no content type, the JSON text broken. */
const bodyMutations: Array<NamedMutation<BodyPlace, unknown>> = [
  named({
    name: 'body missing',
    kind: (place) => (place.required ? 'refuse' : 'open'),
    pointer: () => '/body',
    values: () => fc.constant(null),
    apply: (_place, request) => ({ request: withBody(request, undefined), detail: 'no body at all' }),
  }),
  // Open: a seed's endpoint table says what a client sends, not that a server refuses a well-formed body
  // under another label (a form sent as application/json, JSON as text/plain). A documented answer, no 5xx.
  named({
    name: 'wrong content type',
    kind: 'open',
    pointer: () => '/header/content-type',
    values: (place) => fc.constantFrom(...wrongContentTypes[place.family]),
    apply: (_place, request, type: string) => ({ request: withBody(request, { mediaType: type, raw: bodyText(request) ?? '' }), detail: `the body sent as Content-Type: ${type}` }),
  }),
  named({
    name: 'no content type',
    kind: 'open',
    pointer: () => '/header/content-type',
    values: () => fc.constant(null),
    apply: (_place, request) => ({ request: withBody(request, { mediaType: null, raw: bodyText(request) ?? '' }), detail: 'no Content-Type header' }),
  }),
  named({
    name: 'content type spelled otherwise',
    kind: 'open',
    pointer: () => '/header/content-type',
    values: (place) => (place.family === 'json' ? fc.constantFrom('APPLICATION/JSON', 'application/json;charset=UTF-8', 'application/json; charset=latin1') : undefined),
    apply: (_place, request, type: string) => ({ request: withBody(request, { mediaType: type, raw: bodyText(request) ?? '{}' }), detail: `Content-Type: ${type}` }),
  }),
  named({
    name: 'malformed JSON',
    kind: 'refuse',
    pointer: () => '/body',
    values: (place) => (place.family === 'json' ? fc.nat({ max: malformations.length - 1 }) : undefined),
    apply: (place, request, i: number) => {
      const text = bodyText(request) ?? '{}';
      const [detail, breakIt] = malformations[i]!;
      return text.startsWith('{') && text.endsWith('}') ? { request: withBody(request, { mediaType: place.mediaType, raw: breakIt(text) }), detail } : undefined;
    },
  }),
];

/** Each field of an object body, in turn: left out, of the wrong type or format, off its constant, enum or bounds. */
const fieldMutations: Array<NamedMutation<FieldPlace, unknown>> = [
  named({
    name: 'required field missing',
    kind: 'refuse',
    pointer: (f) => `/body/${f.name}`,
    values: (f) => (f.required ? fc.constant(null) : undefined),
    apply: (f, request) => {
      const fields = bodyObject(request);
      delete fields[f.name];
      return { request: { ...request, body: { mediaType: request.body?.mediaType ?? f.mediaType, value: fields } }, detail: `${f.name} is left out` };
    },
  }),
  // In a form every value is text: only a field that is no string can get the wrong type there.
  named({
    name: 'wrong type',
    kind: 'refuse',
    pointer: (f) => `/body/${f.name}`,
    values: (f) => {
      const typed = f.types.length > 0 && !(f.textual && f.types.includes('string'));
      const wrong = !typed ? [] : f.textual ? wrongTypeTexts(f.types) : wrongTypeValues(f.types, undefined);
      return wrong.length ? fc.nat({ max: wrong.length - 1 }) : undefined;
    },
    apply: (f, request, i: number) => {
      const current = bodyObject(request)[f.name];
      const values = f.textual ? wrongTypeTexts(f.types) : wrongTypeValues(f.types, current);
      const value = values[Math.min(i, values.length - 1)];
      return { request: f.set(request, value), detail: `${f.name} is ${describeValue(value)} instead of ${f.types.map((t) => typeWords[t] ?? t).join(' or ')}` };
    },
  }),
  named({
    name: 'format broken',
    kind: 'refuse',
    pointer: (f) => `/body/${f.name}`,
    values: (f) => (typeof f.schema.format === 'string' && invalidFormats[f.schema.format] && !f.replaced ? fc.constantFrom(...invalidFormats[f.schema.format]!) : undefined),
    apply: (f, request, value: string) => ({ request: f.set(request, value), detail: `${f.name} is ${describeValue(value)}, not a valid ${String(f.schema.format)}` }),
  }),
  named({
    name: 'constant changed',
    kind: 'refuse',
    pointer: (f) => `/body/${f.name}`,
    values: (f) => {
      if (!('const' in f.schema) || typeof f.schema.const !== 'string') return undefined;
      const c = f.schema.const;
      return fc.constantFrom(...[...new Set([`${c}_x`, c.toUpperCase(), '', 'x'])].filter((v) => v !== c));
    },
    apply: (f, request, value: string) => ({ request: f.set(request, value), detail: `${f.name} is ${describeValue(value)} instead of ${JSON.stringify(f.schema.const)}` }),
  }),
  named({
    name: 'not in enum',
    kind: 'open',
    pointer: (f) => `/body/${f.name}`,
    values: (f) => {
      if (!Array.isArray(f.schema.enum)) return undefined;
      const listed = f.schema.enum as unknown[];
      return fc.constantFrom(...['conform-not-listed', ...listed.filter((v): v is string => typeof v === 'string').map((v) => v.toUpperCase())].filter((v) => !listed.includes(v)));
    },
    apply: (f, request, value: string) => ({ request: f.set(request, value), detail: `${f.name} is ${describeValue(value)}, which the spec does not list` }),
  }),
  named({
    name: 'out of range',
    kind: 'open',
    pointer: (f) => `/body/${f.name}`,
    values: (f) => {
      const outside = outOfBounds(f.schema);
      return outside.length ? fc.constantFrom(...outside) : undefined;
    },
    apply: (f, request, value: unknown) => ({ request: f.set(request, value), detail: `${f.name} is ${describeValue(value)}, past the spec's bound` }),
  }),
];

/** An object body's fields together: a field it does not declare, one given twice. */
const objectMutations: Array<NamedMutation<ObjectPlace, unknown>> = [
  named({
    name: 'unknown field',
    kind: 'open',
    pointer: () => '/body',
    values: (o) => {
      const extraKey = fc.oneof(fc.constantFrom(...unknownKeys), fc.string({ minLength: 1, maxLength: 10 })).filter((k) => !o.declared.has(k));
      const extraValue = fc.oneof({ weight: 8, arbitrary: jsonValueArbitrary }, { weight: 1, arbitrary: fc.constant('x'.repeat(70_000)) });
      return fc.tuple(extraKey, o.textual ? fc.string() : extraValue);
    },
    apply: (o, request, [key, value]: [string, unknown]) => ({
      request: { ...request, body: { mediaType: request.body?.mediaType ?? o.mediaType, value: { ...bodyObject(request), [key]: value } } },
      detail: `an extra field ${JSON.stringify(key)}: ${describeValue(value)}`,
    }),
  }),
  named({
    name: 'repeated field',
    kind: 'open',
    pointer: () => '/body',
    values: (o) => (!o.textual && o.declared.size ? fc.tuple(fc.constantFrom(...o.declared), fc.constantFrom<unknown>(0, null, true, '')) : undefined),
    apply: (o, request, [key, value]: [string, unknown]) => {
      const text = bodyText(request) ?? '{}';
      if (!text.endsWith('}')) return undefined;
      const raw = `${text.slice(0, -1)}${text === '{}' ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(value)}}`;
      return { request: withBody(request, { mediaType: request.body?.mediaType ?? o.mediaType, raw }), detail: `"${key}" given twice, the second time as ${describeValue(value)}` };
    },
  }),
];

/** `name=text`, cut to 40 characters. */
const queryDetail = (name: string, text: string): string => `${name}=${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;

/** The request with query parameter `name` set to `text` alone. */
function withQueryValue(request: GeneratedRequest, name: string, text: string): GeneratedRequest {
  return { ...request, query: [...request.query.filter(([n]) => n !== name), [name, text] as [string, string]] };
}

/** Each query parameter, in turn: left out, of the wrong type, a number spelled unusually, off its bounds or enum. */
const queryMutations: Array<NamedMutation<ParameterPlace, unknown>> = [
  named({
    name: 'required parameter missing',
    kind: 'refuse',
    pointer: ({ parameter }) => `/query/${parameter.name}`,
    values: ({ parameter }) => (parameter.required ? fc.constant(null) : undefined),
    apply: ({ parameter }, request) => ({ request: { ...request, query: request.query.filter(([n]) => n !== parameter.name) }, detail: `${parameter.name} is left out` }),
  }),
  named({
    name: 'wrong type',
    kind: 'refuse',
    pointer: ({ parameter }) => `/query/${parameter.name}`,
    values: ({ types }) => (types.length && !types.includes('string') ? fc.constantFrom(...wrongTypeTexts(types)) : undefined),
    apply: ({ parameter }, request, text: string) => ({ request: withQueryValue(request, parameter.name, text), detail: queryDetail(parameter.name, text) }),
  }),
  named({
    name: 'unusual number spelling',
    kind: 'open',
    pointer: ({ parameter }) => `/query/${parameter.name}`,
    values: ({ types }) => (types.includes('integer') ? fc.constantFrom(...unusualIntegers) : undefined),
    apply: ({ parameter }, request, text: string) => ({ request: withQueryValue(request, parameter.name, text), detail: queryDetail(parameter.name, text) }),
  }),
  // Past the cap (the platform's page_size above 300) first: the value a platform serves as the cap.
  named({
    name: 'out of range',
    kind: 'open',
    pointer: ({ parameter }) => `/query/${parameter.name}`,
    values: ({ parameter, types }) => {
      const outside = outOfBounds(generatedValueSchema(parameter)).map(String);
      if (types.includes('integer')) outside.push(...integerLimits);
      return outside.length ? fc.constantFrom(...outside) : undefined;
    },
    apply: ({ parameter }, request, text: string) => ({ request: withQueryValue(request, parameter.name, text), detail: queryDetail(parameter.name, text) }),
  }),
  named({
    name: 'not in enum',
    kind: 'open',
    pointer: ({ parameter }) => `/query/${parameter.name}`,
    values: ({ parameter }) => {
      if (!Array.isArray(parameter.schema.enum)) return undefined;
      const listed = (parameter.schema.enum as unknown[]).map(String);
      return fc.constantFrom(...['conform-not-listed', ...listed.map((v) => v.toUpperCase()), `${listed[0] ?? ''} `].filter((v) => !listed.includes(v)));
    },
    apply: ({ parameter }, request, text: string) => ({ request: withQueryValue(request, parameter.name, text), detail: queryDetail(parameter.name, text) }),
  }),
];

/**
 * The query as a whole: one site each over all parameters, so that parameters do not multiply the least
 * telling mutations (an empty value, a parameter given twice), and a parameter the spec does not declare.
 */
const wholeQueryMutations: Array<NamedMutation<QueryPlace, unknown>> = [
  named({
    name: 'empty value',
    kind: 'open',
    pointer: () => '/query',
    values: (q) => (q.parameters.length ? fc.nat({ max: q.parameters.length - 1 }) : undefined),
    apply: (q, request, i: number) => {
      const name = q.parameters[i]!.name;
      return { request: { ...request, query: [...request.query.filter(([n]) => n !== name), [name, ''] as [string, string]] }, detail: `${name}=` };
    },
  }),
  named({
    name: 'repeated parameter',
    kind: 'open',
    pointer: () => '/query',
    values: (q) => (q.parameters.length ? fc.oneof(...q.parameters.map((p) => fc.tuple(fc.constant(p.name), q.valueOf(p), fc.oneof(q.valueOf(p), fc.constantFrom('abc', ''))))) : undefined),
    apply: (_q, request, [name, a, b]: [string, string, string]) => ({
      request: { ...request, query: [...request.query.filter(([n]) => n !== name), [name, a], [name, b]] },
      detail: `${name} given twice: ${JSON.stringify(a)} and ${JSON.stringify(b)}`,
    }),
  }),
  named({
    name: 'unknown query parameter',
    kind: 'open',
    pointer: () => '/query',
    values: (q) => {
      const declared = new Set(q.parameters.map((p) => p.name));
      const name = fc.constantFrom('conform_extra', 'callback', 'page', '__proto__', 'a[]', 'x.y');
      return fc.tuple(name.filter((n) => !declared.has(n)), fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('1', 'true', '')));
    },
    apply: (_q, request, [n, v]: [string, string]) => ({ request: { ...request, query: [...request.query, [n, v]] }, detail: `?${n}=${v} added` }),
  }),
];

/** Each path parameter, in turn: a raw segment that is no valid percent-encoding, a value of the wrong type. */
const pathMutations: Array<NamedMutation<ParameterPlace, unknown>> = [
  named({
    name: 'invalid percent-encoding',
    kind: 'open',
    pointer: ({ parameter }) => `/path/${parameter.name}`,
    values: () => fc.constantFrom(...invalidPercentEncodings),
    apply: ({ parameter }, request, raw: string) => ({ request: { ...request, rawPathParams: { ...request.rawPathParams, [parameter.name]: raw } }, detail: `${parameter.name} sent as the raw segment ${JSON.stringify(raw)}` }),
    frontServerMayAnswer: true,
  }),
  named({
    name: 'wrong type',
    kind: 'refuse',
    pointer: ({ parameter }) => `/path/${parameter.name}`,
    values: ({ types }) => (types.length && !types.includes('string') ? fc.constantFrom(...wrongTypeTexts(types)) : undefined),
    apply: ({ parameter }, request, text: string) => ({ request: { ...request, pathParams: { ...request.pathParams, [parameter.name]: text } }, detail: `${parameter.name} is ${JSON.stringify(text)}` }),
  }),
];

/** The credentials of an operation that asks for them: none, or some nobody issued. */
const credentialMutations: Array<NamedMutation<CompiledOperation, unknown>> = [
  named({
    name: 'credentials missing',
    kind: 'refuse',
    pointer: () => '/credentials',
    values: (operation) => (operation.security.length ? fc.constant(null) : undefined),
    apply: (_operation, request) => ({ request: { ...request, credentials: 'missing' }, detail: 'no credentials sent' }),
  }),
  named({
    name: 'credentials not issued',
    kind: 'refuse',
    pointer: () => '/credentials',
    values: (operation) => (operation.security.length ? fc.constant(null) : undefined),
    apply: (_operation, request) => ({ request: { ...request, credentials: 'invalid' }, detail: 'credentials nobody issued' }),
  }),
];

/**
 * The named mutations of one operation, each a way to break a valid request in exactly one place: the
 * suite's own (`options.mutations`), then the tables above, place by place: the body as a whole, each
 * field of an object body and the fields together, each query parameter and the query as a whole, each
 * path parameter, the credentials. A suite leaves more open where its seed does (`options.leftOpen`).
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
  /** A site for each mutation of `table` that applies at `place`, in the table's order. */
  const sitesAt = <P>(table: Array<NamedMutation<P, unknown>>, place: P): void => {
    for (const m of table) {
      const values = m.values(place);
      if (values) site(m.name, typeof m.kind === 'function' ? m.kind(place) : m.kind, m.pointer(place), values, (request, value) => m.apply(place, request, value), m.frontServerMayAnswer ?? false);
    }
  };
  const extras = options.mutations ?? [];
  for (const extra of extras) {
    site(extra.name, extra.kind, extra.pointer, extra.values, (request, value) => setAt(operation, request, extra.pointer, value));
  }

  const body = operation.requestBody;
  const media = body?.content[0];
  if (body && media) {
    const family = isJson(media.mediaType) ? 'json' : media.mediaType === 'application/x-www-form-urlencoded' ? 'form' : 'other';
    sitesAt(bodyMutations, { mediaType: media.mediaType, family, required: body.required });
  }

  const object = objectSchemaOf(operation);
  if (object) {
    const properties = (object.schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((object.schema.required ?? []) as string[]);
    const textual = !isJson(object.mediaType);
    const replaced = new Set(extras.map((e) => e.pointer));
    for (const [name, raw] of Object.entries(properties)) {
      const schema = mergeAllOf(raw);
      const set = (request: GeneratedRequest, value: unknown) => ({ ...request, body: { mediaType: request.body?.mediaType ?? object.mediaType, value: { ...bodyObject(request), [name]: value } } });
      sitesAt(fieldMutations, { name, schema, types: declaredTypes(schema), required: required.has(name), textual, replaced: replaced.has(`/body/${name}`), set, mediaType: object.mediaType });
    }
    sitesAt(objectMutations, { declared: new Set(Object.keys(properties)), textual, mediaType: object.mediaType });
  }

  const queryParams = operation.parameters.filter((q) => q.in === 'query');
  for (const parameter of queryParams) sitesAt(queryMutations, { parameter, types: declaredTypes(parameter.schema) });
  const valueOf = (p: CompiledParameter) => schemaArbitrary(generatedValueSchema(p), { pointer: `/query/${p.name}`, values: options.values ?? {}, longest: 40 }).map(parameterText);
  sitesAt(wholeQueryMutations, { parameters: queryParams, valueOf });
  for (const parameter of operation.parameters.filter((q) => q.in === 'path')) sitesAt(pathMutations, { parameter, types: declaredTypes(parameter.schema) });
  sitesAt(credentialMutations, operation);
  return sites;
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
