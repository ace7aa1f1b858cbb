/**
 * A map that holds at most `cap` entries, the oldest generation forgotten whole: entries go into a young
 * map; when it holds half the cap it becomes the old one and the old one is dropped. Every step is O(1)
 * (evicting one by one from a Map's front walks past the holes earlier deletes left, which shows in a
 * profile of a client that takes a new token per call); an entry read from the old generation stays
 * there until it is dropped.
 */
export class GenerationalMap<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  readonly #half: number;
  #generation = 0;

  constructor(cap: number) {
    this.#half = Math.max(1, Math.floor(cap / 2));
  }

  get(key: K): V | undefined {
    return this.#young.get(key) ?? this.#old.get(key);
  }

  has(key: K): boolean {
    return this.#young.has(key) || this.#old.has(key);
  }

  set(key: K, value: V): void {
    // A key is never in both generations. Two lookups for a new key (a token issued), not three.
    this.#old.delete(key);
    this.#young.set(key, value);
    if (this.#young.size >= this.#half) {
      this.#old = this.#young;
      this.#young = new Map();
      this.#generation++;
    }
  }

  /** Counts the turns of generations: while it stands still, every key set since is still young. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#young.size + this.#old.size;
  }
}
