import fc from 'fast-check';
import { clauseAt } from './clauseAt.ts';
import { jsonValueArbitrary, looseObjectArbitrary, textArbitrary } from '../json/jsonValueArbitrary.ts';
import { objectFromEntries } from '../json/objectFromEntries.ts';
import { recordClauseIds, type RecordClause } from './recordClauses.ts';
import { fieldsOfClause, recordFieldNames, requiredFieldNames } from './recordSchema.ts';
import type { JsonValue } from '../json/JsonValue.ts';
import { hexHashArbitrary, validRecord } from './validRecord.ts';

/** A value that is not a valid record, and the one catalogue clause it breaks. */
export interface InvalidRecord {
  /** Always made of JSON values only, so it can be written to a file as it is. */
  record: unknown;
  clause: RecordClause;
}

type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
const valuesOfType: Record<JsonType, fc.Arbitrary<JsonValue>> = {
  null: fc.constant(null),
  boolean: fc.boolean(),
  number: fc.oneof(fc.integer(), finiteDouble),
  string: textArbitrary,
  array: fc.array(jsonValueArbitrary, { maxLength: 3 }),
  object: looseObjectArbitrary,
};

/** JSON values of every type except the given ones. */
function valueNotOfType(...allowed: JsonType[]): fc.Arbitrary<JsonValue> {
  const types = (Object.keys(valuesOfType) as JsonType[]).filter((t) => !allowed.includes(t));
  return fc.oneof(...types.map((t) => valuesOfType[t]));
}

/** Strings a person might plausibly write instead of the allowed ones, then any other string. */
function wrongString(allowed: readonly string[], nearMisses: readonly string[]): fc.Arbitrary<JsonValue> {
  return fc.oneof(
    fc.constantFrom(...nearMisses),
    textArbitrary.filter((s) => !allowed.includes(s)),
    valueNotOfType('string'),
  );
}

/** The record with `field` set to `value` (added at the end when absent), every other key kept. */
function withField(record: object, field: string, value: unknown): object {
  const entries: Array<[string, unknown]> = Object.entries(record).filter(([k]) => k !== field);
  const at = Object.keys(record).indexOf(field);
  entries.splice(at === -1 ? entries.length : at, 0, [field, value]);
  return objectFromEntries(entries);
}

function without(record: object, field: string): object {
  return objectFromEntries(Object.entries(record).filter(([k]) => k !== field));
}

/** Valid records with one field (picked from `fields`) set to a value from `bad`. */
function breakingField(fields: readonly string[], bad: fc.Arbitrary<JsonValue>): fc.Arbitrary<object> {
  return fc.tuple(validRecord(), fc.constantFrom(...fields), bad).map(([record, field, value]) => withField(record, field, value));
}

/** `items` with `item` inserted at a position picked by `at` (any natural number). */
function insertedAt<T>(items: readonly T[], item: T, at: number): T[] {
  const i = at % (items.length + 1);
  return [...items.slice(0, i), item, ...items.slice(i)];
}

/** Arrays of strings that break the item rule or the uniqueness rule, starting from a valid list. */
function brokenStringList(unique: boolean): fc.Arbitrary<JsonValue> {
  const withNonString = fc
    .tuple(fc.array(textArbitrary, { maxLength: 4 }), valueNotOfType('string'), fc.nat())
    .map(([items, bad, at]) => insertedAt<JsonValue>(items, bad, at));
  const withDuplicate = fc
    .tuple(fc.uniqueArray(textArbitrary, { minLength: 1, maxLength: 4 }), fc.nat(), fc.nat())
    .map(([items, which, at]) => insertedAt<JsonValue>(items, items[which % items.length]!, at));
  const notArray = valueNotOfType('array');
  return unique ? fc.oneof(withNonString, withDuplicate, notArray) : fc.oneof(withNonString, notArray);
}

const hexDigit = fc.constantFrom(...'0123456789abcdef');
const badHash = fc.oneof(
  // Wrong length: the most common mistake (a truncated copy, an extra character).
  fc.string({ unit: hexDigit, maxLength: 63 }),
  fc.string({ unit: hexDigit, minLength: 65, maxLength: 80 }),
  // Right length, one character outside a-f0-9: uppercase, another letter, a space, any unicode.
  fc.tuple(hexHashArbitrary, fc.nat(63), fc.constantFrom('A', 'F', 'g', 'z', ' ', '-', 'é', '٣')).map(([h, at, c]) => h.slice(0, at) + c + h.slice(at + 1)),
  hexHashArbitrary.map((h) => h.toUpperCase()).filter((h) => /[A-F]/.test(h)),
  hexHashArbitrary.map((h) => `${h}\n`),
  hexHashArbitrary.map((h) => `sha256:${h}`),
  valueNotOfType('string'),
);

const badOrder = fc.oneof(
  fc.integer({ max: 0 }),
  finiteDouble.filter((n) => !Number.isInteger(n)),
  fc.constantFrom<JsonValue>('1', '01', true, null, [1], { value: 1 }),
);

// A top-level key the schema does not list: near misses of real names first, then anything.
const listed = new Set(recordFieldNames);
const unknownKey = fc
  .oneof(fc.constantFrom('Id', 'parentId', 'extension', 'extensions ', 'x-extra', 'type', '$schema', '__proto__'), textArbitrary)
  .filter((k) => !listed.has(k));

const breaking: Record<RecordClause, fc.Arbitrary<unknown>> = {
  'UR-OBJECT': fc.oneof(valueNotOfType('object'), fc.array(validRecord(), { minLength: 1, maxLength: 2 })),
  'UR-REQUIRED': fc
    // A missing behavior is UR-BEHAVIOR's own case (x-clause-if-missing in the schema).
    .tuple(validRecord(), fc.constantFrom(...requiredFieldNames.filter((f) => clauseAt('#/required', f) === 'UR-REQUIRED')))
    .map(([record, field]) => without(record, field)),
  'UR-SCHEMA-VERSION': breakingField(['schemaVersion'], wrongString(['0083.1'], ['0083.2', '0083', '83.1', '0083.1 ', '0083.10', '0084.1', ''])),
  'UR-KIND': breakingField(['kind'], wrongString(['unit'], ['Unit', 'UNIT', 'units', 'section', 'component', ''])),
  'UR-ID': breakingField(['id'], fc.oneof(fc.constant(''), valueNotOfType('string'))),
  'UR-UNIT-KIND': breakingField(['unitKind'], wrongString(['section', 'component'], ['Section', 'COMPONENT', 'page', 'unit', 'section ', ''])),
  'UR-PAGE-KEY': breakingField(['pageKey'], wrongString(['home'], ['Home', 'HOME', 'index', 'home ', '/', ''])),
  'UR-PARENT': breakingField(['parentUnitId'], valueNotOfType('string', 'null')),
  'UR-ORDER': breakingField(['order'], badOrder),
  'UR-STATUS': breakingField(['status'], wrongString(['accepted', 'provisional'], ['Accepted', 'PROVISIONAL', 'draft', 'rejected', ''])),
  'UR-OBJECT-FIELDS': breakingField(fieldsOfClause('UR-OBJECT-FIELDS'), valueNotOfType('object')),
  'UR-ARRAY-FIELDS': breakingField(fieldsOfClause('UR-ARRAY-FIELDS'), valueNotOfType('array')),
  'UR-BEHAVIOR': validRecord().map((record) => without(record, 'behavior')),
  'UR-CHILDREN': breakingField(['children'], brokenStringList(true)),
  // Every broken list keeps at least one item or is no array at all, so UR-PROVISIONAL-GAPS still holds.
  'UR-GAP-REFS': breakingField(['gapRefs'], brokenStringList(true)),
  'UR-DEPENDENCY-HASHES': breakingField(['dependencyHashes'], brokenStringList(false)),
  'UR-HASH': breakingField(['hash'], badHash),
  'UR-EXTENSIONS': breakingField(['extensions'], valueNotOfType('object')),
  'UR-NO-EXTRA': fc.tuple(validRecord(), unknownKey, jsonValueArbitrary).map(([record, key, value]) => withField(record, key, value)),
  'UR-PROVISIONAL-GAPS': validRecord().map((record) => withField(withField(record, 'status', 'provisional'), 'gapRefs', [])),
};

const byClause = new Map(recordClauseIds.map((clause) => [clause, breaking[clause].map((record): InvalidRecord => ({ record, clause }))]));

/** Values that break exactly the named clause and no other (every non-tree clause has one). */
export function invalidRecordFor(clause: RecordClause): fc.Arbitrary<InvalidRecord> {
  return byClause.get(clause)!;
}

const anyInvalid = fc.oneof(...recordClauseIds.map((clause) => invalidRecordFor(clause)));

/** Invalid values of every clause, each with the one clause it breaks. */
export function invalidRecord(): fc.Arbitrary<InvalidRecord> {
  return anyInvalid;
}
