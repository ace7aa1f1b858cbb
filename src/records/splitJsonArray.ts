import { CappedBytes, isJsonSpace } from './CappedBytes.ts';
import { maxRecordBytes } from './readRecordFile.ts';

/**
 * A piece of a JSON array read as a stream: one element's bytes (index from 0, the line it starts on),
 * the size of an element too large to keep, or what is wrong with the array around the elements.
 */
export type ArrayPiece =
  | { index: number; line: number; bytes: Uint8Array }
  | { index: number; line: number; oversize: number }
  | { line: number; problem: string };

const LF = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Cuts a top-level JSON array into its elements' bytes as chunks arrive, so that an array of a million
 * records is read in constant memory and each element is parsed by JSON.parse on its own. It only tracks
 * strings and bracket depth to find the commas between elements; whether an element is JSON is left to
 * the parser, so a broken element costs that element alone. (Streaming JSON parsers such as stream-json
 * build every value token by token in JavaScript, several times slower than JSON.parse, and stop at the
 * first error.) Works on bytes: every byte it looks for is ASCII, which never occurs inside a UTF-8
 * multi-byte character.
 */
export class JsonArraySplitter {
  readonly #element: CappedBytes;
  #state: 'before' | 'inside' | 'after' = 'before';
  #line = 1;
  #index = 0;
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** Line of the current element's first byte that is not white space; 0 until there is one. */
  #elementLine = 0;
  #saidTrailing = false;

  constructor(maxBytes = maxRecordBytes) {
    this.#element = new CappedBytes(maxBytes);
  }

  push(chunk: Uint8Array): ArrayPiece[] {
    const pieces: ArrayPiece[] = [];
    const n = chunk.length;
    let start = 0;
    for (let i = 0; i < n; i++) {
      let b = chunk[i]!;
      if (this.#state !== 'inside') {
        if (b === LF) this.#line++;
        else if (this.#state === 'before' && b === OPEN_ARRAY) {
          this.#state = 'inside';
          start = i + 1;
        } else if (this.#state === 'after' && !isJsonSpace(b) && !this.#saidTrailing) {
          this.#saidTrailing = true;
          pieces.push({ line: this.#line, problem: 'has more after the closing ] of its array' });
        }
        continue;
      }
      if (this.#inString) {
        // The tight loop of the scan: strings are most of a record's bytes.
        if (this.#escaped) {
          this.#escaped = false;
          continue;
        }
        while (b !== QUOTE && b !== BACKSLASH && ++i < n) b = chunk[i]!;
        if (i === n) break;
        if (b === QUOTE) this.#inString = false;
        else this.#escaped = true;
        continue;
      }
      if (this.#elementLine === 0 && !isJsonSpace(b) && b !== COMMA && !(b === CLOSE_ARRAY && this.#depth === 0)) this.#elementLine = this.#line;
      switch (b) {
        case QUOTE:
          this.#inString = true;
          break;
        case LF:
          this.#line++;
          break;
        case OPEN_ARRAY:
        case OPEN_OBJECT:
          this.#depth++;
          break;
        case CLOSE_OBJECT:
          if (this.#depth > 0) this.#depth--;
          break;
        case CLOSE_ARRAY:
          if (this.#depth > 0) {
            this.#depth--;
            break;
          }
          // The array's own ]: the last element ends here, unless the array is empty ([ ]).
          if (this.#elementLine !== 0 || this.#index > 0) pieces.push(this.#finish(chunk.subarray(start, i)));
          this.#state = 'after';
          break;
        case COMMA:
          if (this.#depth === 0) {
            pieces.push(this.#finish(chunk.subarray(start, i)));
            start = i + 1;
          }
          break;
      }
    }
    if (this.#state === 'inside') this.#element.add(chunk.subarray(start));
    return pieces;
  }

  /** What the end of the stream leaves: a truncated last element and the array left open. */
  end(): ArrayPiece[] {
    if (this.#state !== 'inside') return [];
    const pieces: ArrayPiece[] = [];
    if (this.#elementLine !== 0) pieces.push(this.#finish(new Uint8Array(0)));
    pieces.push({ line: this.#line, problem: 'ends before its array is closed (no final ])' });
    this.#state = 'after';
    return pieces;
  }

  /** Whether the array held no element at all (`[]`), once the stream has ended. */
  get empty(): boolean {
    return this.#index === 0;
  }

  #finish(tail: Uint8Array): ArrayPiece {
    const index = this.#index++;
    const line = this.#elementLine || this.#line;
    this.#elementLine = 0;
    this.#depth = 0;
    this.#element.add(tail);
    return { index, line, ...this.#element.take() };
  }
}
