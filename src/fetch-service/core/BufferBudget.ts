/** The bytes one fetch holds against a BufferBudget; release gives them all back, once. */
export interface Reservation {
  /** Adds `bytes` to the reservation; false (and nothing taken) when the budget cannot cover them. */
  take(bytes: number): boolean;
  release(): void;
}

/**
 * A ceiling on response bytes held in memory across all fetches in flight. The per-fetch cap bounds one
 * response; this bounds their sum, so a burst of large or oversize responses cannot take the process
 * past its memory: a fetch that would cross the ceiling is shed (503) instead.
 */
export class BufferBudget {
  readonly limit: number;
  #used = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  get used(): number {
    return this.#used;
  }

  open(): Reservation {
    let held = 0;
    let released = false;
    return {
      take: (bytes) => {
        if (released || this.#used + bytes > this.limit) return false;
        this.#used += bytes;
        held += bytes;
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.#used -= held;
        held = 0;
      },
    };
  }
}
