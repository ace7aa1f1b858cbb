import { valueAt } from '../json/jsonPointer.ts';

/**
 * The document with every local `$ref` ("#/components/...") replaced by a copy of what it names, so each
 * schema, parameter and response stands on its own for ajv and for the generators. A `$ref` that points
 * outside the document, or back into itself (a recursive schema), is an error: the specs have neither.
 */
export function dereference<T>(document: T): T {
  const resolve = (value: unknown, trail: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => resolve(item, trail));
    if (value === null || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    const ref = object.$ref;
    if (typeof ref === 'string') {
      if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got "${ref}"`);
      if (trail.includes(ref)) throw new Error(`recursive $ref: ${[...trail, ref].join(' → ')}`);
      // The fragment is percent-decoded whole, then read as a JSON Pointer (RFC 6901 §6).
      const target = valueAt(document, decodeURIComponent(ref.slice(1)));
      if (target === undefined) throw new Error(`$ref "${ref}" names nothing in the document`);
      // Siblings of $ref (OpenAPI 3.1 allows description, summary) add to what it names.
      const { $ref: _ref, ...siblings } = object;
      const resolved = resolve(target, [...trail, ref]);
      return Object.keys(siblings).length && isPlainObject(resolved) ? { ...resolved, ...(resolve(siblings, trail) as object) } : resolved;
    }
    return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, resolve(item, trail)]));
  };
  return resolve(document, []) as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
