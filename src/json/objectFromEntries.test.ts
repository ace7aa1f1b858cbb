import { describe, expect, it } from 'vitest';
import { objectFromEntries } from './objectFromEntries.ts';

describe('objectFromEntries', () => {
  it('builds what JSON.parse builds, a "__proto__" key included', () => {
    const object = objectFromEntries<unknown>([['a', 1], ['__proto__', { polluted: true }], ['b', 2]]);
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(Object.keys(object)).toEqual(['a', '__proto__', 'b']);
    expect(JSON.stringify(object)).toBe('{"a":1,"__proto__":{"polluted":true},"b":2}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the last value of a repeated key, as JSON.parse does', () => {
    expect(objectFromEntries([['k', 1], ['k', 2]])).toEqual(JSON.parse('{"k": 1, "k": 2}'));
  });
});
