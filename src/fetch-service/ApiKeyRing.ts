import { hash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/**
 * The issued API keys. A presented key is compared with every issued key, in constant time and without
 * stopping at a match: comparing digests of equal length means neither the position of the first wrong
 * byte nor the key's length shows in the timing. Keys are identified by position (1, 2, ...) in logs
 * and limits, never by value.
 */
export class ApiKeyRing {
  readonly #digests: Buffer[];

  constructor(keys: readonly string[]) {
    const unique = [...new Set(keys)];
    if (unique.length === 0 || unique.some((k) => k.length === 0)) throw new Error('at least one non-empty API key is required');
    this.#digests = unique.map(digest);
  }

  /** The 1-based number of the key presented, or 0 when it is missing or not issued. */
  identify(presented: string | undefined): number {
    const candidate = digest(presented ?? '');
    let found = 0;
    this.#digests.forEach((issued, index) => {
      if (timingSafeEqual(issued, candidate)) found = index + 1;
    });
    return found;
  }
}
