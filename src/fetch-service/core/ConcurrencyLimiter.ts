/**
 * Concurrent fetches per API key (seed §8: "limited per account"). A slot is taken before the fetch starts
 * and given back by the release function, which the caller runs whichever way the fetch ends (result,
 * error, disconnect); releasing twice is harmless. No slot free means 429.
 */
export class ConcurrencyLimiter<Key = number> {
  readonly #max: number;
  readonly #inFlight = new Map<Key, number>();
  #total = 0;

  constructor(maxPerKey: number) {
    this.#max = maxPerKey;
  }

  /** A release function, or undefined when the key already has `maxPerKey` fetches running. */
  tryAcquire(key: Key): (() => void) | undefined {
    const running = this.#inFlight.get(key) ?? 0;
    if (running >= this.#max) return undefined;
    this.#inFlight.set(key, running + 1);
    this.#total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      const now = (this.#inFlight.get(key) ?? 1) - 1;
      if (now === 0) this.#inFlight.delete(key);
      else this.#inFlight.set(key, now);
    };
  }

  inFlight(key: Key): number {
    return this.#inFlight.get(key) ?? 0;
  }

  /** Slots held across every key. */
  get total(): number {
    return this.#total;
  }
}
