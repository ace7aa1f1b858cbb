import type { ClientCase } from './ClientCase.ts';
import type { JournalEntry } from './JournalEntry.ts';

/** A failing case with the request it blames. */
export interface FailingCase extends ClientCase {
  problem: string;
  entry: JournalEntry;
}

/** Failing cases a clause keeps whole; past them only their causes are counted. */
export const keptFailuresPerClause = 100;

/**
 * One clause's cases as they come in, bounded: how many, on which paths, the first failing ones whole,
 * and how many more failed for each cause.
 */
export class ClauseTally {
  cases = 0;
  readonly paths = new Set<string>();
  readonly failing: FailingCase[] = [];
  /** Failing cases past keptFailuresPerClause, by cause. */
  readonly overflow = new Map<string, number>();

  // The path added last: a clause's cases come on one path after another, known without a set lookup.
  #lastPath: string | undefined;

  add(c: ClientCase, entry: JournalEntry): void {
    this.cases++;
    if (c.path !== this.#lastPath) this.paths.add((this.#lastPath = c.path));
    if (c.problem === undefined) return;
    if (this.failing.length < keptFailuresPerClause) this.failing.push({ ...c, problem: c.problem, entry });
    else {
      const cause = c.cause ?? c.problem;
      this.overflow.set(cause, (this.overflow.get(cause) ?? 0) + 1);
    }
  }

  get overflowCount(): number {
    let n = 0;
    for (const count of this.overflow.values()) n += count;
    return n;
  }
}
