import { describe, expect, it } from 'vitest';
import { exampleRecord } from './exampleRecord.ts';
import { unwrapLabelled } from './unwrapLabelled.ts';

describe('unwrapLabelled', () => {
  it("takes the record and its label out of generate's {record, valid, rule?}", () => {
    const record = exampleRecord();
    expect(unwrapLabelled({ record, valid: true })).toEqual({ record, label: { valid: true } });
    expect(unwrapLabelled({ record, valid: false, rule: 'UR-ORDER' })).toEqual({ record, label: { valid: false, rule: 'UR-ORDER' } });
    expect(unwrapLabelled({ record })).toEqual({ record });
  });

  it('leaves anything else as the record itself, unlabelled', () => {
    const record = exampleRecord();
    for (const value of [record, [record], null, 3, { record, valid: true, id: 'x' }]) expect(unwrapLabelled(value)).toEqual({ record: value });
  });

  it('says what is wrong with a malformed label instead of guessing', () => {
    expect(unwrapLabelled({ record: {}, valid: 'yes' })).toEqual({ problem: 'has a label whose "valid" is "yes", not true or false' });
    expect(unwrapLabelled({ record: {}, valid: false, rule: 7 })).toEqual({ problem: 'has a label whose "rule" is 7, not a clause id' });
    expect(unwrapLabelled({ record: {}, rule: 'UR-ORDER' })).toEqual({ problem: 'has a rule but no "valid" in its label' });
  });
});
