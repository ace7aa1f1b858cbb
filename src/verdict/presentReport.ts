import type { SuiteName } from '../catalogue/suites.ts';
import { clauseSections } from './clauseSections.ts';
import { differencesByCheck } from './differencesByCheck.ts';
import { findingPlaces } from './findingPlaces.ts';
import { leadingCauses } from './leadingCauses.ts';
import type { RunReport } from './RunReport.ts';
import type { FailedClauses, ReportView, RootCause } from './ReportView.ts';
import { acceptedFailures, isWarning, rootCauses, warnings } from './rootCauses.ts';
import { unexplainedFailing, verdictOf } from './runVerdict.ts';
import { suiteSummaries } from './suiteSummaries.ts';

/**
 * The report as every format presents it, derived here once for all of them (ReportView): the renderers
 * take this and compute nothing of their own. The matrices and common causes are the report's own
 * (buildReport made them); the rest follows from its checks.
 */
export function presentReport(report: RunReport): ReportView {
  const failures = listed(rootCauses(report));
  const warned = listed(warnings(report));
  const accepted = listed(acceptedFailures(report));
  const matrices = report.matrix ?? [];
  return {
    report,
    verdict: verdictOf(report),
    unexplainedFailing: unexplainedFailing(report),
    failures,
    lead: leadingCauses(report.commonCauses ?? [], failures.roots),
    warnings: warned,
    accepted,
    warned: new Set(report.checks.filter((c) => isWarning(report, c))),
    rootOf: new Map([...failures.roots, ...warned.roots, ...accepted.roots].map((r) => [r.failed[0]!, r])),
    matrices,
    places: findingPlaces(failures.checks, warned.checks),
    differences: differencesByCheck(matrices),
    sections: clauseSections(report, new Set(matrices.map((m) => m.suite))),
    suites: suiteSummaries(report),
    severalTargets: new Set((Object.entries(report.target) as Array<[SuiteName, string[] | undefined]>).filter(([, labels]) => (labels ?? []).length > 1).map(([suite]) => suite)),
  };
}

function listed(roots: RootCause[]): FailedClauses {
  return { roots, checks: roots.flatMap((r) => r.failed) };
}
