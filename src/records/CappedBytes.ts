/**
 * The bytes of one record gathered from the chunks of a stream, up to a limit: past it they are
 * dropped and only counted, so that one runaway record cannot exhaust memory and the reader can say
 * how large it was. Parts are kept as given (views into the chunks), and copied once, when taken.
 */
export class CappedBytes {
  readonly #maxBytes: number;
  #parts: Uint8Array[] = [];
  #size = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#size;
  }

  add(part: Uint8Array): void {
    this.#size += part.length;
    if (this.#size > this.#maxBytes) this.#parts = [];
    else if (part.length > 0) this.#parts.push(part);
  }

  /** Counts bytes already known to be too many (a line that was itself over the limit). */
  addDropped(size: number): void {
    this.#size += Math.max(size, this.#maxBytes + 1);
    this.#parts = [];
  }

  /** What was gathered, or only its size when over the limit; then starts again, empty. */
  take(): { bytes: Uint8Array } | { oversize: number } {
    const parts = this.#parts;
    const size = this.#size;
    this.#parts = [];
    this.#size = 0;
    if (size > this.#maxBytes) return { oversize: size };
    return { bytes: parts.length === 1 ? parts[0]! : Buffer.concat(parts) };
  }
}

/** JSON's white space (RFC 8259): space, tab, line feed, carriage return. */
export function isJsonSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x09 || b === 0x0d;
}
