import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter, type LinePiece } from './splitLines.ts';

const text = (p: LinePiece) => ('bytes' in p ? Buffer.from(p.bytes).toString() : { oversize: p.oversize });

function split(chunks: string[], max?: number) {
  const splitter = new LineSplitter(max);
  return [...chunks.flatMap((c) => splitter.push(Buffer.from(c))), ...splitter.end()].map((p) => [p.line, text(p)]);
}

describe('LineSplitter', () => {
  it('cuts lines across chunks, numbering them from 1, without their line ends (LF or CRLF)', () => {
    expect(split(['{"a"', ':1}\n{"b":2}\r\n', '\n', 'last'])).toEqual([
      [1, '{"a":1}'],
      [2, '{"b":2}'],
      [3, ''],
      [4, 'last'],
    ]);
    expect(split(['one\n'])).toEqual([[1, 'one']]);
    expect(split([])).toEqual([]);
  });

  it('gives the same lines however the stream is cut into chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }).map((s) => s.replace(/[\r\n]/g, ''))), fc.array(fc.nat(), { maxLength: 5 }), (lines, cuts) => {
        const whole = Buffer.from(lines.map((l) => l + '\n').join(''));
        const at = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at].map((start, i) => whole.subarray(start, at[i] ?? whole.length));
        const splitter = new LineSplitter();
        const pieces = [...chunks.flatMap((c) => splitter.push(c)), ...splitter.end()];
        expect(pieces.map(text)).toEqual(lines);
      }),
    );
  });

  it('drops a line over the limit, counting its bytes, and goes on with the next', () => {
    expect(split(['short\n0123', '456789', 'abc\nok\n'], 8)).toEqual([
      [1, 'short'],
      [2, { oversize: 13 }],
      [3, 'ok'],
    ]);
    expect(split(['0123456789'], 8)).toEqual([[1, { oversize: 10 }]]);
  });
});
