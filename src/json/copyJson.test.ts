import { describe, expect, it } from 'vitest';
import { copyJson } from './copyJson.ts';

describe('copyJson', () => {
  it('copies deeply: the copy is equal and shares nothing', () => {
    const value = { a: [1, { b: null }], c: 'x', d: { e: { f: true } } };
    const copy = copyJson(value);
    expect(copy).toEqual(value);
    expect(copy.a).not.toBe(value.a);
    expect(copy.d.e).not.toBe(value.d.e);
  });

  it('keeps a "__proto__" key as an own key, as JSON.parse does', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "k": 1}') as Record<string, unknown>;
    const copy = copyJson(parsed);
    expect(Object.keys(copy)).toEqual(['__proto__', 'k']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(parsed));
  });
});
