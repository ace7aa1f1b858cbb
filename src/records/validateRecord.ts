import type { ErrorObject } from 'ajv/dist/2020.js';
import { clauseAt } from './clauseAt.ts';
import { describeRecordError } from './describeRecordError.ts';
import { pointerOf } from '../json/jsonPointer.ts';
import type { RecordClause } from './recordClauses.ts';
import { compileRecordSchema } from './recordSchema.ts';
import type { UnitRecord } from './UnitRecord.ts';

/** One way a record breaks the schema. */
export interface RecordError {
  /** JSON Pointer into the record ("" for the record itself, "/order", "/children/2"). */
  pointer: string;
  /** The catalogue clause broken (specs/unit-record.clauses.json). */
  clause: RecordClause;
  message: string;
}

// Compiled once: compiling costs milliseconds, validating microseconds. allErrors so that a person
// fixing a file sees every problem at once, not one per run.
const validate = compileRecordSchema({ allErrors: true });

const noErrors: readonly RecordError[] = Object.freeze([]);

/**
 * Checks one parsed JSON value against the record schema. Returns no errors for a valid record; the
 * valid path does nothing beyond ajv's compiled check, so it runs at ajv's speed.
 */
export function validateRecord(value: unknown): readonly RecordError[] {
  if (validate(value)) return noErrors;
  return toRecordErrors(validate.errors ?? [], value);
}

export function isValidRecord(value: unknown): value is UnitRecord {
  return validate(value);
}

/** Keywords whose message names the allowed values, which also says what type is wanted. */
const namesAllowedValues = new Set(['const', 'enum']);

function toRecordErrors(errors: readonly ErrorObject[], value: unknown): RecordError[] {
  const result: RecordError[] = [];
  const saidAllowed = new Set(errors.filter((e) => namesAllowedValues.has(e.keyword)).map((e) => e.instancePath));
  for (const error of errors) {
    // The `if` keyword only repeats that its `then` failed; the then-branch's own error says why.
    if (error.keyword === 'if') continue;
    // `kind must be "unit", got 3` says all that `kind must be a string, got 3` would.
    if (error.keyword === 'type' && saidAllowed.has(error.instancePath)) continue;
    const params = error.params as { missingProperty?: string; additionalProperty?: string };
    const clause = clauseAt(error.schemaPath, params.missingProperty);
    if (!clause) throw new Error(`specs/unit-record.schema.json: no x-clause annotation covers ${error.schemaPath}`);
    // ajv points at the object for a missing or unknown property; a person wants the property itself.
    const property = params.missingProperty ?? params.additionalProperty;
    const pointer = property === undefined ? error.instancePath : error.instancePath + pointerOf(property);
    result.push({ pointer, clause, message: describeRecordError(error, value, clause) });
  }
  return result;
}
