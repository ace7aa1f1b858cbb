import { CappedBytes } from './CappedBytes.ts';
import { maxRecordBytes } from './readRecordFile.ts';

/** One line of a byte stream (1-based), without its line end; or the size of a line too long to keep. */
export type LinePiece = { line: number; bytes: Uint8Array } | { line: number; oversize: number };

const LF = 0x0a;
const CR = 0x0d;

/**
 * Cuts a byte stream into lines as chunks arrive: constant memory, whatever the stream's length. A line
 * longer than `maxBytes` is not kept (its bytes are counted, then dropped), so one runaway line cannot
 * exhaust memory and the lines after it are still read. Works on bytes, not text: a newline byte never
 * occurs inside a UTF-8 multi-byte character, so no decoding is needed to find the lines.
 */
export class LineSplitter {
  readonly #line: CappedBytes;
  #number = 0;

  constructor(maxBytes = maxRecordBytes) {
    this.#line = new CappedBytes(maxBytes);
  }

  push(chunk: Uint8Array): LinePiece[] {
    const pieces: LinePiece[] = [];
    let start = 0;
    for (let end = chunk.indexOf(LF); end >= 0; end = chunk.indexOf(LF, start)) {
      pieces.push(this.#finish(chunk.subarray(start, end)));
      start = end + 1;
    }
    if (start < chunk.length) this.#line.add(chunk.subarray(start));
    return pieces;
  }

  /** The last line, when the stream does not end with a newline. */
  end(): LinePiece[] {
    return this.#line.size > 0 ? [this.#finish(new Uint8Array(0))] : [];
  }

  #finish(tail: Uint8Array): LinePiece {
    const line = ++this.#number;
    this.#line.add(tail);
    const taken = this.#line.take();
    if ('oversize' in taken) return { line, ...taken };
    const { bytes } = taken;
    return { line, bytes: bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.subarray(0, -1) : bytes };
  }
}
