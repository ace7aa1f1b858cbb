/**
 * The bytes all bodies in flight in one process may hold together. The cap bounds one body; a check that
 * sends 64 requests at once (the 429 crowd) to a target streaming endless bodies would still hold 64
 * times the cap. A body that would take the process past its budget ends as if it had passed the cap.
 * At least 128 MiB and twice the cap: far above what a target answering properly ever has in flight.
 */
export class BodyBudget {
  readonly #fixedBytes: number | undefined;
  #held = 0;

  constructor(bytes?: number) {
    this.#fixedBytes = bytes;
  }

  limit(maxBodyBytes: number): number {
    return this.#fixedBytes ?? Math.max(128 * 1024 * 1024, 2 * maxBodyBytes);
  }

  get held(): number {
    return this.#held;
  }

  /** Takes `n` bytes, or returns false when that would pass the limit. */
  take(n: number, maxBodyBytes: number): boolean {
    if (this.#held + n > this.limit(maxBodyBytes)) return false;
    this.#held += n;
    return true;
  }

  give(n: number): void {
    this.#held -= n;
  }
}
