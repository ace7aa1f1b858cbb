import type { ReferenceDifference } from '../RunReport.ts';

/** "the reference answers 504 here; staging answers 502". */
export function differenceText(d: ReferenceDifference): string {
  return `the reference answers ${d.reference} here; ${d.target} answers ${d.answer}`;
}

/** A failed check's cases the reference answered otherwise, a line each: "no key: the reference answers 401 here; broken answers 200". */
export function differenceLines(differences: readonly ReferenceDifference[] = []): string[] {
  return differences.map((d) => `${d.case}: ${differenceText(d)}`);
}
