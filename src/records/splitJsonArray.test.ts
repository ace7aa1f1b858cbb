import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonArraySplitter, type ArrayPiece } from './splitJsonArray.ts';

function split(chunks: Array<string | Uint8Array>, max?: number) {
  const splitter = new JsonArraySplitter(max);
  const pieces = [...chunks.flatMap((c) => splitter.push(typeof c === 'string' ? Buffer.from(c) : c)), ...splitter.end()];
  return { pieces: pieces.map((p: ArrayPiece) => ('bytes' in p ? { ...p, bytes: Buffer.from(p.bytes).toString().trim() } : p)), empty: splitter.empty };
}

describe('JsonArraySplitter', () => {
  it('gives each element with its index and the line it starts on', () => {
    const { pieces } = split(['[\n  {"a": [1, 2], "b": "x,]}"},\n  "q\\"uo,te",\n  3\n]\n']);
    expect(pieces).toEqual([
      { index: 0, line: 2, bytes: '{"a": [1, 2], "b": "x,]}"}' },
      { index: 1, line: 3, bytes: '"q\\"uo,te"' },
      { index: 2, line: 4, bytes: '3' },
    ]);
  });

  it('gives back every element of any array, however the bytes are cut into chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), fc.boolean(), fc.array(fc.nat(), { maxLength: 6 }), (values, pretty, cuts) => {
        const whole = Buffer.from(JSON.stringify(values, null, pretty ? 2 : undefined));
        const at = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at].map((start, i) => whole.subarray(start, at[i] ?? whole.length));
        const { pieces, empty } = split(chunks);
        expect(empty).toBe(values.length === 0);
        expect(pieces.map((p) => ('bytes' in p ? JSON.parse(p.bytes) : p))).toEqual(JSON.parse(JSON.stringify(values)));
      }),
    );
  });

  it('hands a broken element on as it is, and finds the next one', () => {
    const { pieces } = split(['[{"a": tru}, {"b": 1}, , 2,]']);
    expect(pieces.map((p) => ('bytes' in p ? p.bytes : p))).toEqual(['{"a": tru}', '{"b": 1}', '', '2', '']);
  });

  it('says when the array is never closed, after the elements it did get', () => {
    const { pieces } = split(['[{"a": 1},\n{"b": ']);
    expect(pieces).toEqual([
      { index: 0, line: 1, bytes: '{"a": 1}' },
      { index: 1, line: 2, bytes: '{"b":' },
      { line: 2, problem: 'ends before its array is closed (no final ])' },
    ]);
  });

  it('says once when something follows the array', () => {
    expect(split(['[1]\n', '[2]\n[3]']).pieces).toEqual([
      { index: 0, line: 1, bytes: '1' },
      { line: 2, problem: 'has more after the closing ] of its array' },
    ]);
  });

  it('tells an empty array from an array of one empty element', () => {
    expect(split(['[ \n ]'])).toEqual({ pieces: [], empty: true });
    expect(split(['[', ']']).empty).toBe(true);
  });

  it('drops an element over the limit, counting its bytes, and goes on', () => {
    expect(split(['["0123', '456789", 1]'], 8).pieces).toEqual([
      { index: 0, line: 1, oversize: 12 },
      { index: 1, line: 1, bytes: '1' },
    ]);
  });
});
