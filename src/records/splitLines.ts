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
  readonly #maxBytes: number;
  #line = 0;
  #parts: Uint8Array[] = [];
  #size = 0;

  constructor(maxBytes = maxRecordBytes) {
    this.#maxBytes = maxBytes;
  }

  push(chunk: Uint8Array): LinePiece[] {
    const pieces: LinePiece[] = [];
    let start = 0;
    for (let end = chunk.indexOf(LF); end >= 0; end = chunk.indexOf(LF, start)) {
      pieces.push(this.#finish(chunk.subarray(start, end)));
      start = end + 1;
    }
    if (start < chunk.length) this.#keep(chunk.subarray(start));
    return pieces;
  }

  /** The last line, when the stream does not end with a newline. */
  end(): LinePiece[] {
    return this.#size > 0 ? [this.#finish(new Uint8Array(0))] : [];
  }

  #keep(part: Uint8Array): void {
    this.#size += part.length;
    if (this.#size > this.#maxBytes) this.#parts = [];
    else this.#parts.push(part);
  }

  #finish(tail: Uint8Array): LinePiece {
    const line = ++this.#line;
    const size = this.#size + tail.length;
    const parts = this.#parts;
    this.#parts = [];
    this.#size = 0;
    if (size > this.#maxBytes) return { line, oversize: size };
    let bytes = parts.length === 0 ? tail : Buffer.concat([...parts, tail]);
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, -1);
    return { line, bytes };
  }
}
