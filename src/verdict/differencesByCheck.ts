import type { ReferenceDifference, SuiteMatrix } from './RunReport.ts';

/** The matrices' failing cases the reference answered otherwise, by the failed check's id, in the matrices' order. */
export function differencesByCheck(matrices: readonly SuiteMatrix[]): Map<string, ReferenceDifference[]> {
  const byCheck = new Map<string, ReferenceDifference[]>();
  for (const d of matrices.flatMap((m) => m.differences)) byCheck.set(d.check, [...(byCheck.get(d.check) ?? []), d]);
  return byCheck;
}
