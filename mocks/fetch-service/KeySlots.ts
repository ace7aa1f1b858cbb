/**
 * Concurrent fetches per API key (seed §8: "limited per account"): a slot is taken before fetching and
 * given back when the reply is ready; none free means 429.
 */
export class KeySlots {
  readonly #inUse = new Map<string, number>();
  readonly #limit: () => number;

  /** `limit` is read on every acquire, so a running mock's limit can be changed. */
  constructor(limit: () => number) {
    this.#limit = limit;
  }

  /** A release function, or undefined when the key has no slot free. */
  tryAcquire(key: string): (() => void) | undefined {
    const used = this.#inUse.get(key) ?? 0;
    if (used >= this.#limit()) return undefined;
    this.#inUse.set(key, used + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#inUse.get(key) ?? 1) - 1;
      if (left > 0) this.#inUse.set(key, left);
      else this.#inUse.delete(key);
    };
  }

  get inFlight(): number {
    let total = 0;
    for (const n of this.#inUse.values()) total += n;
    return total;
  }
}
