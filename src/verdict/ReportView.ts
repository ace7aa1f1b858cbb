import type { Level } from '../catalogue/catalogue.ts';
import type { SuiteName } from '../catalogue/suites.ts';
import type { CheckResult, CheckTally, CommonCause, ReferenceDifference, RunReport, SuiteMatrix } from './RunReport.ts';

/**
 * A run's report as every format presents it, derived once (presentReport) and handed to each renderer
 * (console, HTML, Markdown, JUnit, JSON), which only writes it out: the verdict, the root causes and what
 * they blocked, the warnings and accepted failures apart, the matrices and the clause table. The report
 * itself is in it whole: the checks, the counts, the clauses no check covers, what the JSON report holds.
 */
export interface ReportView {
  report: RunReport;
  /** PASS, FAIL or COULD NOT RUN (runVerdict.ts). */
  verdict: RunVerdict;
  /** The suppressions file's entries without a reason, when --require-reasons makes them fail the run; else 0. */
  unexplainedFailing: number;
  /** The failures nothing else explains, each failed clause against its target with what it blocked (rootCauses). */
  failures: FailedClauses;
  /** The root causes as every format leads with them: each common cause with the ones it explains, then the others. */
  lead: { causes: CauseLead[]; roots: RootCause[] };
  /** The failed SHOULD clauses of a run that is not strict, shown after the failures. */
  warnings: FailedClauses;
  /** The failures the suppressions file accepts, shown after the warnings. */
  accepted: FailedClauses;
  /** The checks that are warnings (rootCauses.ts's isWarning), whatever list shows them. */
  warned: ReadonlySet<CheckResult>;
  /** Each failed clause of the three lists by its first failed check: the checks it blocked are listed under that one. */
  rootOf: ReadonlyMap<CheckResult, RootCause>;
  /** The report's matrices: each suite run against several targets, clauses by targets. */
  matrices: SuiteMatrix[];
  /** Where each failed (or warned) check is listed, for the matrix cells that link to it, by check id. */
  places: ReadonlyMap<string, FindingPlace>;
  /** The failing cases the reference answered otherwise, by the failed check's id. */
  differences: ReadonlyMap<string, ReferenceDifference[]>;
  /** The clause table: the suites no matrix shows, the ordinary clauses first, then each group. */
  sections: ClauseSection[];
  /** Each suite of the run, with its targets and its checks' counts. */
  suites: SuiteSummary[];
  /** The suites run against more than one target: their lines name the target. */
  severalTargets: ReadonlySet<SuiteName>;
}

/** A run's outcome as every report heads it; COULD NOT RUN outranks the checks, since some never ran (runVerdict.ts). */
export type RunVerdict = 'PASS' | 'FAIL' | 'COULD NOT RUN';

/** A failed clause against one target and the checks its failure blocked. */
export interface RootCause {
  suite: SuiteName;
  target: string;
  clause: string;
  level: Level;
  group?: string;
  /** The clause's failed checks against the target, in run order (most often one). */
  failed: CheckResult[];
  /** The checks blocked by it, in run order. */
  blocked: CheckResult[];
}

/** Failed clauses, in the order reports list them, and their failed checks in that order. */
export interface FailedClauses {
  roots: RootCause[];
  checks: CheckResult[];
}

/** A common cause and the root causes it explains whole (each of their failed checks), as every format leads with them. */
export interface CauseLead {
  cause: CommonCause;
  roots: RootCause[];
}

/** A failed check's place in the reports' list of failures (or of warnings), counted from 0. */
export interface FindingPlace {
  kind: 'failure' | 'warning';
  index: number;
}

/** A row of the clause table: a clause a check cited, with how its checks went (all targets together). */
export interface ClauseRow extends CheckTally {
  suite: SuiteName;
  clause: string;
  level: string;
  group?: string;
}

/** A heading of the clause table (the ordinary clauses, or a group's) and the rows under it. */
export interface ClauseSection {
  group?: string;
  rows: ClauseRow[];
}

/** One suite of the run: its targets (labelled ones) and its checks' counts, counted as the run's are; no counts when no check of it ran. */
export interface SuiteSummary {
  suite: SuiteName;
  targets: string[];
  checks: number;
  summary?: RunReport['summary'];
}
