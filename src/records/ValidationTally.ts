import type { Outcome } from './validateInputs.ts';

/** The counts of a validation run, kept as outcomes stream past: its memory does not grow with them. */
export class ValidationTally {
  /** Records read (with a verdict). */
  records = 0;
  valid = 0;
  invalid = 0;
  /** Places that held no record that could be read: a file, a line, an array element. */
  unreadable = 0;
  /** Records compared with a label (or that should have had one, with `expect`). */
  compared = 0;
  disagree = 0;
  /** Invalid records without a label: each fails the run. */
  unlabelledInvalid = 0;
  /** Tree errors of the whole set, when the tree check ran. */
  treeErrors: number | undefined;
  /** Invalid records per clause broken (a record breaking two clauses counts under both). */
  readonly byClause = new Map<string, number>();

  add(outcomes: readonly Outcome[]): void {
    for (const o of outcomes) {
      if (o.kind === 'unreadable') {
        this.unreadable++;
      } else if (o.kind === 'tree') {
        this.treeErrors = o.errors.length;
      } else {
        this.records++;
        if (o.errors.length === 0) {
          this.valid++;
        } else {
          this.invalid++;
          for (const clause of new Set(o.errors.map((e) => e.clause))) this.byClause.set(clause, (this.byClause.get(clause) ?? 0) + 1);
        }
        if (o.agrees !== undefined) {
          this.compared++;
          if (!o.agrees) this.disagree++;
        } else if (o.errors.length > 0) {
          this.unlabelledInvalid++;
        }
      }
    }
  }

  /** 2 when something could not be read; 1 when a record is invalid (unlabelled), disagrees with its label, or the set is not a tree; else 0. */
  get exitCode(): 0 | 1 | 2 {
    if (this.unreadable > 0) return 2;
    return this.unlabelledInvalid > 0 || this.disagree > 0 || (this.treeErrors ?? 0) > 0 ? 1 : 0;
  }

  /** Clauses by how many invalid records break them, most first. */
  clauseCounts(): Array<[string, number]> {
    return [...this.byClause].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  }

  /** One line: "240 record(s): 120 valid, 120 invalid (UR-ORDER 12, ...); labels: 240 compared, all agree". */
  summaryLine(): string {
    const counts = [`${String(this.valid)} valid`, `${String(this.invalid)} invalid`];
    if (this.invalid > 0) counts[1] += ` (${this.clauseCounts().map(([clause, n]) => `${clause} ${String(n)}`).join(', ')})`;
    if (this.unreadable > 0) counts.push(`${String(this.unreadable)} unreadable`);
    let line = `${String(this.records)} record(s): ${counts.join(', ')}`;
    if (this.compared > 0) line += `; labels: ${String(this.compared)} compared, ${this.disagree > 0 ? `${String(this.disagree)} disagree` : 'all agree'}`;
    if (this.treeErrors !== undefined) line += this.treeErrors > 0 ? `; not a tree (${String(this.treeErrors)} error(s))` : '; the set forms a tree';
    return line;
  }

  toJSON() {
    return {
      records: this.records,
      valid: this.valid,
      invalid: this.invalid,
      unreadable: this.unreadable,
      byClause: Object.fromEntries(this.clauseCounts()),
      compared: this.compared,
      disagree: this.disagree,
      exitCode: this.exitCode,
    };
  }
}
