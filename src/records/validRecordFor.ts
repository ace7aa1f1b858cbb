import fc from 'fast-check';
import { copyJson } from '../json/copyJson.ts';
import { exampleRecord } from './exampleRecord.ts';
import { jsonObjectArbitrary, jsonValueArbitrary, looseObjectArbitrary, textArbitrary } from '../json/jsonValueArbitrary.ts';
import { objectFromEntries } from '../json/objectFromEntries.ts';
import { recordClauseIds, type RecordClause } from './recordClauses.ts';
import { fieldsOfClause, recordFieldNames, requiredFieldNames } from './recordSchema.ts';
import type { UnitRecord } from './UnitRecord.ts';
import type { JsonValue } from '../json/JsonValue.ts';
import { hexHashArbitrary, unitIdArbitrary } from './validRecord.ts';

/** exampleRecord() with the given fields replaced (or added); a field set to `undefined` is removed. */
function changed(fields: Partial<Record<keyof UnitRecord, unknown>>): UnitRecord {
  const record: Record<string, unknown> = { ...exampleRecord() };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) delete record[key];
    else record[key] = value;
  }
  return record as unknown as UnitRecord;
}

/** For each object (or array) field, whether to replace it, and with what. */
function someFieldsReplaced(fields: readonly string[], value: fc.Arbitrary<JsonValue>): fc.Arbitrary<UnitRecord> {
  return fc
    .tuple(...fields.map(() => fc.option(value, { nil: undefined, freq: 2 })))
    .map((values) => changed(Object.fromEntries(fields.flatMap((f, i) => (values[i] === undefined ? [] : [[f, values[i]]])))));
}

const exampleFields = Object.entries(exampleRecord());

const exercising: Record<RecordClause, fc.Arbitrary<UnitRecord>> = {
  // Key order means nothing in JSON: the same record with its keys shuffled.
  'UR-OBJECT': fc
    .shuffledSubarray(exampleFields, { minLength: exampleFields.length })
    .map((fields) => copyJson(objectFromEntries(fields)) as unknown as UnitRecord),
  // Optional fields left out, one or several or all of them: the required ones are enough.
  'UR-REQUIRED': fc
    .subarray(recordFieldNames.filter((f) => !requiredFieldNames.includes(f) && f in exampleRecord()), { minLength: 1 })
    .map((drop) => changed(Object.fromEntries(drop.map((f) => [f, undefined])))),
  // The constants have a single valid form: the record as it is.
  'UR-SCHEMA-VERSION': fc.constant(null).map(() => exampleRecord()),
  'UR-KIND': fc.constant(null).map(() => exampleRecord()),
  'UR-ID': unitIdArbitrary.map((id) => changed({ id })),
  'UR-UNIT-KIND': fc.constantFrom('section', 'component').map((unitKind) => changed({ unitKind })),
  'UR-PAGE-KEY': fc.constant(null).map(() => exampleRecord()),
  // null, absent, or any string at all (the empty string included: no length is asked of it).
  'UR-PARENT': fc.oneof(fc.constant(null), fc.constant(undefined), fc.constant(''), unitIdArbitrary).map((parentUnitId) =>
    parentUnitId === undefined ? changed({ parentUnitId: undefined }) : changed({ parentUnitId }),
  ),
  'UR-ORDER': fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })).map((order) => changed({ order })),
  'UR-STATUS': fc.constantFrom('accepted', 'provisional').map((status) => changed({ status })),
  'UR-OBJECT-FIELDS': someFieldsReplaced(fieldsOfClause('UR-OBJECT-FIELDS'), looseObjectArbitrary),
  'UR-ARRAY-FIELDS': someFieldsReplaced(fieldsOfClause('UR-ARRAY-FIELDS'), fc.array(jsonValueArbitrary, { maxLength: 4 })),
  'UR-BEHAVIOR': fc.oneof(fc.constantFrom<JsonValue>(null, false, 0, '', []), jsonValueArbitrary).map((behavior) => changed({ behavior })),
  'UR-CHILDREN': fc.uniqueArray(fc.oneof(textArbitrary, unitIdArbitrary), { maxLength: 5 }).map((children) => changed({ children })),
  // Never empty: an empty list is the edge of UR-PROVISIONAL-GAPS, tagged there.
  'UR-GAP-REFS': fc.uniqueArray(fc.oneof(textArbitrary, unitIdArbitrary), { minLength: 1, maxLength: 5 }).map((gapRefs) => changed({ gapRefs })),
  // No uniqueness and no pattern: repeats and any strings are fine.
  'UR-DEPENDENCY-HASHES': fc
    .array(fc.oneof(hexHashArbitrary, textArbitrary), { maxLength: 4 })
    .chain((hashes) => fc.constantFrom(hashes, [...hashes, ...hashes]))
    .map((dependencyHashes) => changed({ dependencyHashes })),
  'UR-HASH': hexHashArbitrary.map((hash) => changed({ hash })),
  'UR-EXTENSIONS': jsonObjectArbitrary(jsonValueArbitrary, 5).map((extensions) => changed({ extensions })),
  // Every listed field present at once (exampleRecord lacks only extensions): none of them is extra.
  'UR-NO-EXTRA': fc.constant(null).map(() => changed({ extensions: { vendor: { build: 42 } } })),
  'UR-PROVISIONAL-GAPS': fc.oneof(
    fc.uniqueArray(textArbitrary, { minLength: 1, maxLength: 3 }).map((gapRefs) => changed({ status: 'provisional', gapRefs })),
    fc.constant(changed({ status: 'accepted', gapRefs: [] })),
  ),
};

/**
 * Valid records at the edge of one clause: exampleRecord(), all ordinary values, with only the fields
 * of that clause varied to every form the clause allows (null parent, order 1, behavior of any type,
 * provisional with one gapRef ...). A validator that is too strict about one rule then rejects only the
 * records tagged with that rule's clause.
 */
export function validRecordFor(clause: RecordClause): fc.Arbitrary<UnitRecord> {
  return exercising[clause];
}

/** Every clause's valid edge records, with the clause they exercise. */
export function validRecordForAny(): fc.Arbitrary<{ record: UnitRecord; clause: RecordClause }> {
  return fc.oneof(...recordClauseIds.map((clause) => exercising[clause].map((record) => ({ record, clause }))));
}
