import { describe, expect, it } from 'vitest';
import { exampleRecord } from './exampleRecord.ts';
import { recordFieldNames } from './recordSchema.ts';
import { validateRecord } from './validateRecord.ts';

describe('exampleRecord', () => {
  it('is valid, has every field but extensions, and no value at the edge of a rule', () => {
    const record = exampleRecord();
    expect(validateRecord(record)).toEqual([]);
    expect(recordFieldNames.filter((f) => !(f in record))).toEqual(['extensions']);
    expect(record.parentUnitId).toEqual(expect.any(String));
    expect(record.order).toBeGreaterThan(1);
    expect(record.behavior).toEqual(expect.any(Object));
    expect(record.gapRefs.length).toBeGreaterThan(1);
  });

  it('is fresh on every call', () => {
    const a = exampleRecord();
    a.children.push('changed');
    expect(exampleRecord().children).not.toContain('changed');
  });
});
