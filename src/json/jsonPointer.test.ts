import { describe, expect, it } from 'vitest';
import { fieldLabel, pointerOf, pointerSegments, valueAt } from './jsonPointer.ts';

describe('jsonPointer', () => {
  it('escapes and unescapes ~ and / (RFC 6901)', () => {
    expect(pointerOf('a/b', 'c~d', 0)).toBe('/a~1b/c~0d/0');
    expect(pointerSegments('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(pointerSegments('')).toEqual([]);
    expect(pointerSegments(pointerOf('~1'))).toEqual(['~1']);
  });

  it('finds the value a pointer names, own properties only', () => {
    const doc = { a: [{ b: 1 }], 'x/y': null };
    expect(valueAt(doc, '/a/0/b')).toBe(1);
    expect(valueAt(doc, '/x~1y')).toBeNull();
    expect(valueAt(doc, '')).toBe(doc);
    expect(valueAt(doc, '/a/5')).toBeUndefined();
    expect(valueAt(doc, '/toString')).toBeUndefined();
    expect(valueAt(3, '/a')).toBeUndefined();
  });

  it('labels places as a person names them', () => {
    expect(fieldLabel('')).toBe('the record');
    expect(fieldLabel('/order')).toBe('order');
    expect(fieldLabel('/children/2')).toBe('children[2]');
    expect(fieldLabel('/extensions/a/b')).toBe('extensions.a.b');
  });
});
