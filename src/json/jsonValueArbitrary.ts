import fc from 'fast-check';
import { objectFromEntries } from './objectFromEntries.ts';
import type { JsonObject, JsonValue } from './JsonValue.ts';

/** Short strings, mostly ASCII, sometimes any unicode grapheme. */
export const textArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);

// Keys that trip up code treating JSON objects as plain JS objects, and names of record fields.
const trickyKey = fc.constantFrom('__proto__', 'constructor', 'toString', 'id', 'hash', 'status', '', 'x-vendor.meta', '0');
const keyArbitrary = fc.oneof({ weight: 4, arbitrary: textArbitrary }, { weight: 1, arbitrary: trickyKey });

const scalar: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  // JSON has no -0: JSON.stringify writes it as 0, so a value that held it would not read back as itself.
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
  textArbitrary,
);

/** Objects with up to `maxKeys` arbitrary keys (awkward ones included) holding `value`s. */
export function jsonObjectArbitrary<T extends JsonValue>(value: fc.Arbitrary<T>, maxKeys: number): fc.Arbitrary<Record<string, T>> {
  return fc.array(fc.tuple(keyArbitrary, value), { maxLength: maxKeys }).map(objectFromEntries);
}

function nest(inner: fc.Arbitrary<JsonValue>): fc.Arbitrary<JsonValue> {
  return fc.oneof(
    { weight: 3, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 3 }) },
    { weight: 1, arbitrary: jsonObjectArbitrary(inner, 3) },
  );
}

/**
 * Any JSON value: null, booleans, numbers, strings, arrays and objects, nested up to three levels.
 * Used instead of fc.jsonValue, which alone costs about as much as the rest of a record: two fixed
 * levels of nesting skip fc.letrec's depth bookkeeping and still reach every JSON type.
 */
export const jsonValueArbitrary: fc.Arbitrary<JsonValue> = nest(nest(scalar));

/** Any JSON object, keys and values arbitrary. */
export const looseObjectArbitrary: fc.Arbitrary<JsonObject> = jsonObjectArbitrary(jsonValueArbitrary, 4);
