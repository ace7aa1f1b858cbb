/** Where a progress line goes: a terminal's stream, or a stand-in in tests. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressLineOptions {
  /** Nothing is shown for runs shorter than this: a short run needs no progress. */
  delayMs?: number;
  /** The line is redrawn at most this often. */
  intervalMs?: number;
  now?: () => number;
}

/**
 * One line, redrawn in place, telling how a long run is going. Only on a terminal: piped or redirected
 * stderr gets nothing, so logs hold no carriage returns. `clear()` wipes it before other output is
 * written to the same terminal and at the end.
 */
export class ProgressLine {
  readonly #stream: ProgressStream;
  readonly #delayMs: number;
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #start: number;
  #drawnAt: number | undefined;
  #shown = false;

  constructor(stream: ProgressStream, { delayMs = 1000, intervalMs = 250, now = () => performance.now() }: ProgressLineOptions = {}) {
    this.#stream = stream;
    this.#delayMs = delayMs;
    this.#intervalMs = intervalMs;
    this.#now = now;
    this.#start = now();
  }

  /** Milliseconds since the line was made. */
  get elapsedMs(): number {
    return this.#now() - this.#start;
  }

  /** Draws `text()` when it is time to: `text` is only called then, so an update costs next to nothing. */
  update(text: () => string): void {
    if (!this.#stream.isTTY) return;
    const now = this.#now();
    if (now - this.#start < this.#delayMs || (this.#drawnAt !== undefined && now - this.#drawnAt < this.#intervalMs)) return;
    this.#drawnAt = now;
    this.#shown = true;
    this.#stream.write(`\r\x1b[K${text()}`);
  }

  clear(): void {
    if (!this.#shown) return;
    this.#shown = false;
    this.#drawnAt = undefined;
    this.#stream.write('\r\x1b[K');
  }
}
