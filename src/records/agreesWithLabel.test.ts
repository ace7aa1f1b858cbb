import { describe, expect, it } from 'vitest';
import { agreesWithLabel } from './agreesWithLabel.ts';
import type { RecordError } from './validateRecord.ts';

const error = (clause: RecordError['clause']): RecordError => ({ pointer: '', clause, message: '' });

describe('agreesWithLabel', () => {
  it('a record labelled valid must have no error', () => {
    expect(agreesWithLabel([], { valid: true })).toBe(true);
    expect(agreesWithLabel([error('UR-ORDER')], { valid: true })).toBe(false);
  });

  it('a record labelled invalid must break the labelled rule, among others or alone', () => {
    expect(agreesWithLabel([], { valid: false, rule: 'UR-ORDER' })).toBe(false);
    expect(agreesWithLabel([error('UR-HASH')], { valid: false, rule: 'UR-ORDER' })).toBe(false);
    expect(agreesWithLabel([error('UR-HASH'), error('UR-ORDER')], { valid: false, rule: 'UR-ORDER' })).toBe(true);
    expect(agreesWithLabel([error('UR-HASH')], { valid: false })).toBe(true);
    expect(agreesWithLabel([], { valid: false })).toBe(false);
  });
});
