import { describe, expect, it } from 'vitest';
import { describeValue } from './describeValue.ts';

describe('describeValue', () => {
  it('names each JSON type briefly', () => {
    expect(describeValue(null)).toBe('null');
    expect(describeValue(true)).toBe('boolean true');
    expect(describeValue(1.5)).toBe('number 1.5');
    expect(describeValue('0083.2')).toBe('"0083.2"');
    expect(describeValue('')).toBe('an empty string');
    expect(describeValue([])).toBe('an empty array');
    expect(describeValue([1])).toBe('an array');
    expect(describeValue({ a: 1 })).toBe('an object');
    expect(describeValue(undefined)).toBe('undefined');
  });

  it('shortens long strings and says how long they were, in characters', () => {
    const text = describeValue('é'.repeat(100));
    expect(text.length).toBeLessThan(70);
    expect(text).toMatch(/\.\.\." \(100 characters\)$/);
  });
});
