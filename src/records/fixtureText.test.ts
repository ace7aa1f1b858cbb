import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureText } from './fixtureText.ts';
import { jsonValueArbitrary } from '../json/jsonValueArbitrary.ts';

describe('fixtureText', () => {
  it('is the value pretty-printed on lines of its own, read back as that one value', () => {
    fc.assert(
      fc.property(jsonValueArbitrary, (value) => {
        const text = fixtureText(value);
        expect(text.endsWith('\n')).toBe(true);
        expect(JSON.parse(text)).toEqual(value);
      }),
    );
    expect(fixtureText([{}])).toBe('[\n  {}\n]\n');
  });
});
