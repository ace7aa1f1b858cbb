import { Ajv2020, type Options, type SchemaObject, type ValidateFunction } from 'ajv/dist/2020.js';
import schemaFile from '../../specs/unit-record.schema.json' with { type: 'json' };

/** The record's JSON Schema (draft 2020-12), specs/unit-record.schema.json: the one source of truth. */
export const recordSchema: SchemaObject = schemaFile;

/**
 * Keywords of the schema that only annotate (which clause a keyword enforces): registered so that ajv's
 * strict mode accepts them, with no validation code.
 */
export const clauseAnnotationKeywords = ['x-clause', 'x-clause-if-missing'] as const;

/**
 * Compiles the record schema. `strictTypes` is off because the `then` branch deliberately puts
 * `minItems` on gapRefs without `type`: a non-array gapRefs is UR-GAP-REFS's error alone, and a second
 * error from the provisional rule would blame a clause the record did not break.
 */
export function compileRecordSchema(options: Options = {}): ValidateFunction {
  const ajv = new Ajv2020({ strictTypes: false, ...options });
  for (const keyword of clauseAnnotationKeywords) {
    ajv.addKeyword({ keyword, schemaType: ['string', 'object'] });
  }
  return ajv.compile(recordSchema);
}

interface PropertySchema {
  'x-clause'?: string;
}

const properties = recordSchema.properties as Record<string, PropertySchema>;

/** Every property a record may have at its top level, in the schema's order. */
export const recordFieldNames: readonly string[] = Object.keys(properties);

/** The properties a record must have. */
export const requiredFieldNames: readonly string[] = recordSchema.required as string[];

/** The properties whose schema the given clause annotates (`x-clause`), in the schema's order. */
export function fieldsOfClause(clause: string): string[] {
  return recordFieldNames.filter((name) => properties[name]?.['x-clause'] === clause);
}
