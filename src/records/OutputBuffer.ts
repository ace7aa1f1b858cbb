import { writeToReader, type OutputStream } from './writeToReader.ts';

/**
 * Collects output and hands it to a stream in large writes, waiting for the reader (so a slow reader
 * slows the run instead of filling memory). `flush` says false once the reader has gone away; from then
 * on nothing more is written.
 */
export class OutputBuffer {
  #text = '';
  #open = true;
  readonly #stream: OutputStream;
  readonly #beforeWrite: () => void;

  /** `beforeWrite` runs before each write: e.g. wiping a progress line from the same terminal. */
  constructor(stream: OutputStream, beforeWrite: () => void = () => undefined) {
    this.#stream = stream;
    this.#beforeWrite = beforeWrite;
  }

  add(text: string): void {
    this.#text += text;
  }

  /** Writes what was added, when there is more of it than `ifOver` characters; false once the reader is gone. */
  async flush(ifOver = 0): Promise<boolean> {
    if (!this.#open || this.#text.length <= ifOver) return this.#open;
    this.#beforeWrite();
    const text = this.#text;
    this.#text = '';
    this.#open = await writeToReader(this.#stream, text);
    return this.#open;
  }
}
