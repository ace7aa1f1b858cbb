/**
 * Hands items on in the order their requests arrived, whatever order their answers come in: the judges
 * read a request against those before it (a retry after a 429, the next page of a walk), and a slow
 * answer must not put its request after the ones that came later. Every number `arrive` gives must be
 * completed once, with undefined when there is nothing to hand on (the app hung up mid-request).
 */
export class ArrivalOrder<T> {
  #next = 0;
  #fed = 0;
  readonly #done = new Map<number, T | undefined>();
  readonly #feed: (item: T) => void;

  constructor(feed: (item: T) => void) {
    this.#feed = feed;
  }

  arrive(): number {
    return this.#next++;
  }

  complete(seq: number, item: T | undefined): void {
    this.#done.set(seq, item);
    while (this.#done.has(this.#fed)) {
      const ready = this.#done.get(this.#fed);
      this.#done.delete(this.#fed++);
      if (ready !== undefined) this.#feed(ready);
    }
  }
}
