import type { EvidenceItem } from './check.ts';
import type { SuiteMatrix } from './clauseMatrix.ts';
import type { CommonCause } from './commonCauses.ts';
import type { ExchangeOutcomes } from './exchangeOutcomes.ts';
import type { CaseAnswer, Finding } from './finding.ts';
import type { Shard } from './shardFiles.ts';
import type { ClauseBasis, Level } from './catalogue.ts';
import type { SuiteName } from './suites.ts';

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
  /** Reproduces the first failing case. */
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
}
