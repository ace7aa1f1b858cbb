/**
 * Concurrent fetches per API key (seed §8). A slot is taken before the fetch starts and given back by the
 * release function, which the caller runs whichever way the fetch ends (result, error, disconnect);
 * releasing twice is harmless.
 */
export class ConcurrencyLimiter {
  readonly #max: number;
  readonly #inFlight = new Map<number, number>();

  constructor(maxPerKey: number) {
    this.#max = maxPerKey;
  }

  /** A release function, or undefined when the key already has `maxPerKey` fetches running. */
  tryAcquire(key: number): (() => void) | undefined {
    const running = this.#inFlight.get(key) ?? 0;
    if (running >= this.#max) return undefined;
    this.#inFlight.set(key, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.#inFlight.get(key) ?? 1) - 1;
      if (now === 0) this.#inFlight.delete(key);
      else this.#inFlight.set(key, now);
    };
  }

  inFlight(key: number): number {
    return this.#inFlight.get(key) ?? 0;
  }
}
