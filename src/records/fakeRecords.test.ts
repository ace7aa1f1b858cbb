import { describe, expect, it } from 'vitest';
import { fakeRecords } from './fakeRecords.ts';
import { validateRecord } from './validateRecord.ts';

describe('fakeRecords (json-schema-faker)', () => {
  const records = fakeRecords({ count: 400, seed: 11 });

  it('makes only records the schema accepts', () => {
    for (const record of records) expect(validateRecord(record)).toEqual([]);
  });

  it('makes both statuses and leaves the clause annotations out of the records', () => {
    const statuses = new Set(records.map((r) => (r as { status: string }).status));
    expect([...statuses].sort()).toEqual(['accepted', 'provisional']);
    expect(JSON.stringify(records)).not.toContain('x-clause');
  });

  it('is deterministic by seed', () => {
    expect(fakeRecords({ count: 50, seed: 11 })).toEqual(records.slice(0, 50));
    expect(fakeRecords({ count: 50, seed: 12 })).not.toEqual(records.slice(0, 50));
  });
});
