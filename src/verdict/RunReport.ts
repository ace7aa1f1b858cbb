import type { EvidenceItem } from './EvidenceItem.ts';
import type { ExchangeOutcomes, Throttled } from '../exchange/exchangeOutcomes.ts';
import type { CaseAnswer, Finding } from './finding.ts';
import type { Shard } from './Shard.ts';
import type { ClauseBasis, Level } from '../catalogue/catalogue.ts';
import type { SuiteName } from '../catalogue/suites.ts';

/**
 * blocked: the check could not run because a clause it depends on failed against the same target (see
 * CheckBlocked.ts); not a failure of its own, and only ever next to that clause's failure in a report.
 * accepted: the check failed, and the suppressions file accepts each cause it failed for (`suppression`
 * says why): not failing, shown apart like a warning.
 */
export type CheckStatus = 'passed' | 'failed' | 'accepted' | 'blocked' | 'skipped';

/** The suppressions file's entries that matched a failed check (suppressions/applySuppressions.ts). */
export interface CheckSuppression {
  /** The entries' reasons, each once. */
  reason: string;
  /** The earliest `until` among them (YYYY-MM-DD). */
  until?: string;
  /** An entry's `until` has passed: the check is failed again, its message saying so. */
  expired?: boolean;
  /** The fingerprints of the causes the entries matched. */
  fingerprints: string[];
}

/** What a run did with its suppressions file (conform run --suppressions, --suppress, --prune). */
export interface SuppressionsSummary {
  /** The file as the user named it (default conform-suppressions.json). */
  file: string;
  /** Entries in the file, after --suppress and --prune. */
  entries: number;
  /** Entries whose check ran and no longer fails for their cause: --prune drops them. */
  stale: number;
  /** Entries whose `until` has passed (a failure they match fails the run again). */
  expired: number;
  /** Entries whose reason is empty or the placeholder: a warning line, and a failure when `reasonsRequired`. */
  unexplained: number;
  /** --require-reasons (on by default when $CI is set): entries without a reason fail the run (exitCodeOf). */
  reasonsRequired?: true;
  /** --suppress: the entries this run added. */
  added?: number;
  /** --prune: the entries this run dropped. */
  pruned?: number;
}

/** One check's outcome, as every report format shows it. */
export interface CheckResult {
  /** Stable across runs: suite, target label and the check's full name. */
  id: string;
  suite: SuiteName;
  /** The target the check ran against (a suite may run against more than one). */
  target: string;
  clause: string;
  level: Level;
  /** The clause's group in the catalogue (e.g. `security`), when it has one. */
  group?: string;
  title: string;
  status: CheckStatus;
  durationMs: number;
  /** A failed check's headline (the finding's first sentence); a skipped or blocked check's reason. */
  message?: string;
  /** A blocked check: the failed clause it depends on (the root cause it is listed under). */
  blockedBy?: string;
  /** An accepted check, or a failed one whose acceptance expired: the suppressions file's say. */
  suppression?: CheckSuppression;
  /** A failed check: what went wrong, in counts, causes, examples and diagnoses. */
  finding?: Finding;
  /** Reproduces the first case of the leading cause. */
  reproduction?: string;
  evidence?: EvidenceItem[];
  /** The check's own requests to its target and those that got a server error or no answer (commonCauses reads them). */
  exchanges?: ExchangeOutcomes;
  /** The paths of its clause the check judged (specs/<suite>.paths.json): those it declared, less `notJudged`. */
  paths?: string[];
  /** Declared paths it could not judge in this run, with why. */
  notJudged?: Array<{ path: string; reason: string }>;
  /**
   * What the target answered to the check's cases, short ("504"), failing cases first (at most 64): a
   * report of several targets shows where the reference answers otherwise. Absent when the check's cases say none.
   */
  answers?: CaseAnswer[];
}

/** A catalogue clause that no check in the run cited. */
export interface UncoveredClause {
  suite: SuiteName;
  id: string;
  section: string;
  level: Level;
  group?: string;
  rule: string;
  /** What the rule rests on (the catalogue's basis): seed sentences or documentation, quoted. */
  basis?: ClauseBasis[];
}

/**
 * A MUST clause a target was not judged on: every check of it against the target was skipped or blocked
 * (or some were, `checks` of `of`), each reason said. A check skipped without a reason was not selected
 * (--grep) and leaves nothing unjudged.
 */
export interface UnjudgedClause {
  suite: SuiteName;
  target: string;
  clause: string;
  level: Level;
  group?: string;
  /** Each reason once, in run order: a skipped check's own, a blocked one's "blocked by CLAUSE: reason". */
  reasons: string[];
  /** Its checks against the target that did not judge it, of all its checks there. */
  checks: number;
  of: number;
}

export interface RunReport {
  tool: 'conform';
  version: string;
  /** Each suite's targets, by label. */
  target: Partial<Record<SuiteName, string[]>>;
  seed: number;
  startedAt: string;
  durationMs: number;
  strict: boolean;
  /**
   * `failed` counts the failures that fail the run; `warnings` the failed SHOULD checks of a run that is
   * not strict (their status is failed, their level SHOULD): shown apart, they do not change the exit code.
   * Under --strict a failed SHOULD check is a failure and `warnings` is 0. `accepted` counts the failed
   * checks the suppressions file accepts (status accepted): they do not change the exit code either.
   * `unjudged` counts clauses, not checks: the MUST clauses of `unjudged`.
   */
  summary: { passed: number; failed: number; accepted: number; warnings: number; blocked: number; skipped: number; unjudged: number };
  checks: CheckResult[];
  /** Catalogue clauses with no check at all in the run (a skipped or blocked check covers its clause: it is in `unjudged`). */
  uncovered: UncoveredClause[];
  /** The MUST clauses not judged on a target (`summary.unjudged` counts them): --strict fails the run on them. */
  unjudged: UnjudgedClause[];
  /**
   * Failures across clauses that share one cause, a server error or no answer, with its rate among a
   * target's requests (commonCauses); absent when there is none.
   */
  commonCauses?: CommonCause[];
  /** A shard's report (`--shard I/N`): its checks only, no uncovered clauses; `conform report merge` makes the whole one. */
  shard?: Shard;
  /** What kept checks from running (a suite that failed to load, a target that did not start); absent when nothing did. */
  errors?: string[];
  /** The suppressions file the run read or wrote; absent when there was none. */
  suppressions?: SuppressionsSummary;
  /**
   * Targets side by side: for each suite that ran against more than one target, its clauses (rows)
   * against its targets (columns), and the failing cases where the reference answered otherwise.
   * Derived from `checks` (clauseMatrix); absent when every suite had one target.
   */
  matrix?: SuiteMatrix[];
  /**
   * Each deployment given, as the run paced it: its latency as the preflight measured it, the budget and
   * pace of its generated checks, and how much its 429s slowed the run; absent for a run of embedded
   * targets only (or a merged report).
   */
  pace?: TargetPace[];
}

/** How a run paced one deployment (RunReport.pace). */
export interface TargetPace {
  suite: SuiteName;
  target: string;
  /** Milliseconds to an answer's headers, the median of the preflight's requests to it; absent when none was answered. */
  latencyMs?: number;
  /** How many answers `latencyMs` is the median of. */
  samples: number;
  /** Milliseconds each generated check spent judging at most (--check-budget, or its default); absent: generated checks off. */
  checkBudgetMs?: number;
  /** Requests in flight at once, at most, where they do not depend on each other (--concurrency, else rate limit x latency within 8 to 32). */
  concurrency: number;
  /** The concurrency was --concurrency's (given), not the run's choice from the rate limit and latency. */
  concurrencyGiven?: boolean;
  /** Requests per second (--rate-limit, or its default); absent: none. */
  rateLimit?: number;
  /** 429 answers that slowed the run, and how long it waited on their Retry-After (summed over the checks); absent: none. */
  slowed?: Throttled;
}

/** How a set of checks went (a clause's, or a clause's against one target): counts by status, and the one status that sums them up. */
export interface CheckTally {
  /** `warning`: its failed checks are SHOULD ones of a run that is not strict. */
  status: CheckStatus | 'warning';
  passed: number;
  /** Failed checks that fail the run. */
  failed: number;
  /** Failed SHOULD checks of a run that is not strict. */
  warnings: number;
  /** Failures the suppressions file accepts. */
  accepted: number;
  blocked: number;
  skipped: number;
}

/**
 * One cause behind failures of several clauses against a target: a server error or no answer, met by
 * a share of the target's requests and seen by each failure it explains. "31 of 104 requests answered
 * 503, across 11 clauses": a flaky or overloaded target, whose failures are symptoms of it.
 */
export interface CommonCause {
  suite: SuiteName;
  target: string;
  /** The outcome (exchangeOutcomes.outcomeOf): "503", or "no answer: " and why. */
  outcome: string;
  /** The target's requests that came to it, of all the requests its checks sent. */
  count: number;
  requests: number;
  /** The failures it explains (their ids), in run order: each met it in its own requests and shows it in its evidence. */
  checks: string[];
  /** Their clauses, each once, in run order. */
  clauses: string[];
}

/** How a clause's checks went against one target. */
export interface MatrixCell extends CheckTally {
  /** The ids of its failed checks (warnings included), in run order: what the cell links to. */
  findings?: string[];
}

/** A case a target failed that the reference answered otherwise: "the reference answers 504 here; staging answers 502". */
export interface ReferenceDifference {
  clause: string;
  /** The failed check's id. */
  check: string;
  target: string;
  /** The case's label, the same against both. */
  case: string;
  /** The reference's answer, and the target's. */
  reference: string;
  answer: string;
}

export interface MatrixRow {
  clause: string;
  level: string;
  group?: string;
  /** One per target, in `targets`' order; null where no check of the clause ran against it. */
  cells: Array<MatrixCell | null>;
}

/** One suite's clauses (rows) against its targets (columns). */
export interface SuiteMatrix {
  suite: SuiteName;
  targets: string[];
  /** The target the others are compared with, when it ran (`--with-reference`). */
  reference?: string;
  /** Ordinary clauses first, then each group's (security checks), in run order within each. */
  rows: MatrixRow[];
  differences: ReferenceDifference[];
}
