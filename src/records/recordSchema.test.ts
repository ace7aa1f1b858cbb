import { describe, expect, it } from 'vitest';
import { compileRecordSchema, fieldsOfClause, recordFieldNames, recordSchema, requiredFieldNames } from './recordSchema.ts';
import { exampleRecord } from './exampleRecord.ts';

describe('recordSchema', () => {
  it('is a draft 2020-12 schema with an $id and a title', () => {
    expect(recordSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(recordSchema.$id).toMatch(/unit-record\.schema\.json$/);
    expect(recordSchema.title).toEqual(expect.any(String));
  });

  it('lists the 25 fields of the seed, 20 of them required', () => {
    expect(recordFieldNames).toHaveLength(25);
    expect(requiredFieldNames).toHaveLength(20);
    expect(requiredFieldNames.every((f) => recordFieldNames.includes(f))).toBe(true);
    expect(recordFieldNames.filter((f) => !requiredFieldNames.includes(f))).toEqual(['parentUnitId', 'order', 'dependencyHashes', 'hash', 'extensions']);
  });

  it('groups the object and array fields by clause', () => {
    expect(fieldsOfClause('UR-OBJECT-FIELDS')).toEqual(['classification', 'scope', 'content', 'layout', 'reconstruction', 'acceptance', 'provenance']);
    expect(fieldsOfClause('UR-ARRAY-FIELDS')).toEqual(['assets', 'layers', 'styleables', 'diagnostics']);
  });

  it('compiles in ajv strict mode, the clause annotations registered', () => {
    const validate = compileRecordSchema({ strict: true, strictTypes: false });
    expect(validate(exampleRecord())).toBe(true);
    expect(validate({})).toBe(false);
  });
});
