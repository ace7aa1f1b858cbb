import fc from 'fast-check';
import type { JsonSchema } from './CompiledOperation.ts';
import { stringArbitrary } from './stringArbitrary.ts';

export interface SchemaArbitraryOptions {
  /** JSON pointer of the value in the request ("/body/url"): where `values` may take over. */
  pointer: string;
  /** Values to use at a pointer instead of the schema's (a suite's own, e.g. URLs on its origin farm). */
  values: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /** The longest string to try where the schema sets no maxLength. */
  longest: number;
}

const int32 = 2 ** 31;

/** The characters a URI path segment holds without percent-encoding (RFC 3986 §2.3). */
const unreserved = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~');

/** The schemas of an allOf folded into one: properties merged, required lists joined, other keywords added. */
export function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  let merged: JsonSchema = { ...rest };
  for (const part of (allOf as JsonSchema[]).map(mergeAllOf)) {
    const properties = { ...(merged.properties as object | undefined) } as Record<string, JsonSchema>;
    for (const [name, sub] of Object.entries((part.properties ?? {}) as Record<string, JsonSchema>)) {
      properties[name] = properties[name] ? mergeAllOf({ allOf: [properties[name], sub] }) : sub;
    }
    const required = [...new Set([...((merged.required as string[]) ?? []), ...((part.required as string[]) ?? [])])];
    merged = { ...merged, ...part, ...(Object.keys(properties).length ? { properties } : {}), ...(required.length ? { required } : {}) };
  }
  return merged;
}

/**
 * The JSON types to generate values of: the schema's own, else the one its keywords imply; a schema
 * that says nothing still needs a value, so it gets strings.
 */
function typesToGenerate(schema: JsonSchema): string[] {
  if (schema.type !== undefined) return [schema.type].flat() as string[];
  if (schema.properties || schema.required) return ['object'];
  if (schema.items) return ['array'];
  return ['string'];
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const wide = schema.format === 'int64' || schema.format === undefined;
  let min = typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : wide ? Number.MIN_SAFE_INTEGER : -int32;
  let max = typeof schema.maximum === 'number' ? Math.floor(schema.maximum) : wide ? Number.MAX_SAFE_INTEGER : int32 - 1;
  if (typeof schema.exclusiveMinimum === 'number') min = Math.max(min, Math.floor(schema.exclusiveMinimum) + 1);
  if (typeof schema.exclusiveMaximum === 'number') max = Math.min(max, Math.ceil(schema.exclusiveMaximum) - 1);
  // fast-check's integers lean towards both bounds and zero by themselves, and shrink smoothly, so a
  // failure at 137 shrinks to 137 rather than to the nearest listed boundary.
  return fc.integer({ min, max });
}

function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'date-time':
      return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      // Reserved names only (RFC 2606): a generated URI never names a real host.
      return fc.tuple(fc.constantFrom('http', 'https'), fc.string({ unit: unreserved, maxLength: 10 }), fc.string({ unit: unreserved, maxLength: 10 })).map(([scheme, a, b]) => `${scheme}://conform-fuzz.invalid/${a}/${b}`);
    case 'email':
      return fc.emailAddress().map((e) => `${e.split('@')[0]}@conform-fuzz.invalid`);
    case 'uuid':
      return fc.uuid();
    default:
      return undefined;
  }
}

/**
 * Values a schema accepts, for generated requests: every type JSON Schema names, optional properties
 * absent and present, boundaries (minimum, maximum, empty and long strings), unicode (astral-plane and
 * right-to-left text), integer limits. What the schema constrains further (patterns, formats, allOf,
 * oneOf) is generated where a generator exists and left to the request-level validity filter otherwise.
 */
export function schemaArbitrary(input: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const own = options.values[options.pointer];
  if (own) return own;
  const schema = mergeAllOf(input);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives)) {
    const { oneOf: _o, anyOf: _a, ...base } = schema;
    return fc.oneof(...alternatives.map((alt) => schemaArbitrary(mergeAllOf({ allOf: [base, alt] }), options)));
  }
  const arbitraries = typesToGenerate(schema).map((type) => typeArbitrary(type, schema, options));
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
}

function typeArbitrary(type: string, schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        ...(typeof schema.minimum === 'number' ? { min: schema.minimum } : {}),
        ...(typeof schema.maximum === 'number' ? { max: schema.maximum } : {}),
      });
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, minLength + 4);
      return fc.array(schemaArbitrary(items, { ...options, pointer: `${options.pointer}/0` }), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = ((schema.required ?? []) as string[]).filter((name) => name in properties);
      const model = Object.fromEntries(Object.entries(properties).map(([name, sub]) => [name, schemaArbitrary(sub, { ...options, pointer: `${options.pointer}/${name}` })]));
      return fc.record(model, { requiredKeys: required });
    }
    default: {
      if (typeof schema.format === 'string') {
        const formatted = formatArbitrary(schema.format);
        if (formatted) return formatted;
      }
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
      return stringArbitrary({
        longest: options.longest,
        ...(typeof schema.minLength === 'number' ? { minLength: schema.minLength } : {}),
        ...(typeof schema.maxLength === 'number' ? { maxLength: schema.maxLength } : {}),
      });
    }
  }
}
