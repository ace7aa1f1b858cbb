import { describe, expect, test } from 'vitest';
import { placeName } from './Place.ts';

describe('placeName', () => {
  test('a file alone, a line of NDJSON, an element of an array', () => {
    expect(placeName({ source: 'a.json' })).toBe('a.json');
    expect(placeName({ source: '<stdin>', line: 18 })).toBe('<stdin>:18');
    expect(placeName({ source: 'set.json', index: 0 })).toBe('set.json[0]');
  });
});
