import type { CheckResult } from './RunReport.ts';
import type { FindingPlace } from './ReportView.ts';

/**
 * Where each failed (and warned) check is listed in the reports, for the matrix cells that link to it:
 * its place among the failures (root causes first), or among the warnings; by check id.
 */
export function findingPlaces(failures: readonly CheckResult[], warnings: readonly CheckResult[]): Map<string, FindingPlace> {
  const places = new Map<string, FindingPlace>();
  failures.forEach((c, index) => places.set(c.id, { kind: 'failure', index }));
  warnings.forEach((c, index) => places.set(c.id, { kind: 'warning', index }));
  return places;
}
