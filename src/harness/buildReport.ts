import { countCheck, emptyTally } from './CheckTally.ts';
import { isClientClause, loadCatalogue, type Level } from './catalogue.ts';
import { clauseMatrix } from './clauseMatrix.ts';
import { commonCauses } from './commonCauses.ts';
import type { CheckResult, CheckStatus, CheckTally, RunReport, UncoveredClause } from './report.ts';
import type { SuiteName } from './suites.ts';
import { isUnselected, unjudgedClauses } from './unjudgedClauses.ts';

export interface BuildReportInput {
  version: string;
  suites: SuiteName[];
  seed: number;
  strict: boolean;
  startedAt: Date;
  durationMs: number;
  checks: CheckResult[];
  /** When a --grep filtered the checks, uncovered clauses say nothing and are left out. */
  filtered: boolean;
  /** Each suite's targets in the order they ran; absent (a merge): the order their first checks ended in. */
  targetOrder?: Partial<Record<SuiteName, string[]>>;
}

export function buildReport(input: BuildReportInput): RunReport {
  const checks = resolveBlocked(input.checks);
  const target: RunReport['target'] = {};
  for (const suite of input.suites) {
    const seen = [...new Set(checks.filter((c) => c.suite === suite && c.target).map((c) => c.target))];
    const order = input.targetOrder?.[suite] ?? [];
    target[suite] = [...order.filter((t) => seen.includes(t)), ...seen.filter((t) => !order.includes(t))];
  }
  const report: RunReport = {
    tool: 'conform',
    version: input.version,
    target,
    seed: input.seed,
    startedAt: input.startedAt.toISOString(),
    durationMs: Math.round(input.durationMs),
    strict: input.strict,
    summary: summaryOf({ strict: input.strict, checks }),
    checks,
    uncovered: input.filtered ? [] : uncoveredClauses(input.suites, checks),
    unjudged: unjudgedClauses(checks),
  };
  return { ...report, ...derivedFromChecks(report) };
}

/**
 * What a report derives from its checks' statuses, made anew whenever they change (the suppressions
 * file turns failures into accepted ones): its counts, the common causes of its failures, the matrix.
 */
export function derivedFromChecks(report: RunReport): Pick<RunReport, 'summary' | 'commonCauses' | 'matrix'> {
  const causes = commonCauses(report.checks, failuresInOrder(report));
  const matrix = clauseMatrix(report);
  return { summary: summaryOf(report), ...(causes.length ? { commonCauses: causes } : {}), ...(matrix.length ? { matrix } : {}) };
}

/**
 * The report's counts: each check in one of them (a warning is a failed check counted apart), and the
 * MUST clauses not judged on a target (unjudgedClauses).
 */
export function summaryOf(run: { strict: boolean; checks: readonly CheckResult[] }): RunReport['summary'] {
  const count = (status: CheckStatus) => run.checks.filter((c) => c.status === status).length;
  const warned = run.checks.filter((c) => isWarning(run, c)).length;
  return {
    passed: count('passed'),
    failed: count('failed') - warned,
    accepted: count('accepted'),
    warnings: warned,
    blocked: count('blocked'),
    skipped: count('skipped'),
    unjudged: unjudgedClauses(run.checks).length,
  };
}

/**
 * A check that failed, whether the run counts its failure or the suppressions file accepts it: what a
 * check blocked by its clause waits on.
 */
export function isFailure(check: CheckResult): boolean {
  return check.status === 'failed' || check.status === 'accepted';
}

/**
 * A failed SHOULD check of a run that is not strict: a warning. Every format shows it apart from the
 * failures, after them, and it does not change the exit code; under --strict it is a failure like any
 * other. So is one whose clause blocked a MUST check against its target: that check's rule went
 * unverified for it, and the run fails (exitCodeOf), so it is a root cause of that failure.
 */
export function isWarning(run: { strict: boolean; checks: readonly CheckResult[] }, check: CheckResult): boolean {
  if (check.status !== 'failed' || check.level !== 'SHOULD' || run.strict) return false;
  return !blockersOfMust(run.checks).has(clauseKey(check.suite, check.target, check.clause));
}

const blockersCache = new WeakMap<readonly CheckResult[], Set<string>>();

/** The clauses (per target) that blocked a MUST check. */
function blockersOfMust(checks: readonly CheckResult[]): Set<string> {
  let blockers = blockersCache.get(checks);
  if (!blockers) {
    blockers = new Set(checks.filter((c) => c.status === 'blocked' && c.blockedBy && c.level === 'MUST').map((c) => clauseKey(c.suite, c.target, c.blockedBy!)));
    blockersCache.set(checks, blockers);
  }
  return blockers;
}

/** The key of a clause against one target: checks blocked by a clause wait on its checks there, no other. */
function clauseKey(suite: SuiteName, target: string, clause: string): string {
  return JSON.stringify([suite, target, clause]);
}

function byClause(checks: readonly CheckResult[]): Map<string, CheckResult[]> {
  const map = new Map<string, CheckResult[]>();
  for (const c of checks) {
    const key = clauseKey(c.suite, c.target, c.clause);
    map.set(key, [...(map.get(key) ?? []), c]);
  }
  return map;
}

/**
 * Settles each blocked check against the run's other checks. It stays blocked when the clause it depends
 * on failed against the same target (through a chain too: blocked by a clause whose checks were blocked
 * in turn, it is blocked by the failed clause at the chain's end), and then shows nothing of its own but
 * its reason. When that clause did not fail there (it passed, was skipped, did not run in this run or
 * shard), nothing explains the check's trouble: it is failed, saying so, with what evidence it gathered.
 * A block never hides a failure.
 */
export function resolveBlocked(checks: readonly CheckResult[]): CheckResult[] {
  const clauses = byClause(checks);
  const checksOf = (c: CheckResult) => clauses.get(clauseKey(c.suite, c.target, c.blockedBy ?? '')) ?? [];
  const rootOf = (c: CheckResult, seen: Set<CheckResult>): string | undefined => {
    const others = checksOf(c);
    if (others.some(isFailure)) return c.blockedBy;
    for (const o of others) {
      if (o.status !== 'blocked' || seen.has(o)) continue;
      seen.add(o);
      const root = rootOf(o, seen);
      if (root) return root;
    }
    return undefined;
  };
  return checks.map((c): CheckResult => {
    if (c.status !== 'blocked') return c;
    const { evidence, reproduction, finding, blockedBy, ...rest } = c;
    const root = blockedBy ? rootOf(c, new Set([c])) : undefined;
    if (root) return { ...rest, blockedBy: root };
    const others = checksOf(c);
    const state = others.some((o) => o.status === 'passed')
      ? 'passed'
      : others.some((o) => o.status === 'blocked')
        ? 'could not run either, with no failure behind it'
        : others.some((o) => o.status === 'skipped')
          ? 'was skipped'
          : 'did not run';
    const headline = `${c.message ?? 'the check could not run'} (it depends on ${blockedBy ?? 'another clause'}, which ${state} against this target: a failure of its own)`;
    return { ...rest, status: 'failed', message: headline, finding: { headline, groups: [] }, ...(evidence ? { evidence } : {}), ...(reproduction ? { reproduction } : {}) };
  });
}

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

/**
 * Each clause against its target with checks of the status (failed, or accepted), with the checks
 * blocked by it, the one that blocked most first.
 */
function failedClauses(report: RunReport, status: 'failed' | 'accepted' = 'failed'): RootCause[] {
  const roots = new Map<string, RootCause>();
  for (const c of report.checks) {
    if (c.status !== status) continue;
    const key = clauseKey(c.suite, c.target, c.clause);
    let root = roots.get(key);
    if (!root) roots.set(key, (root = { suite: c.suite, target: c.target, clause: c.clause, level: c.level, ...(c.group ? { group: c.group } : {}), failed: [], blocked: [] }));
    root.failed.push(c);
  }
  for (const c of report.checks) {
    if (c.status === 'blocked' && c.blockedBy) roots.get(clauseKey(c.suite, c.target, c.blockedBy))?.blocked.push(c);
  }
  // A stable sort keeps run order among roots that blocked as many.
  return [...roots.values()].sort((a, b) => b.blocked.length - a.blocked.length);
}

/**
 * The failures nothing else explains, as every report leads with them: each failed clause against its
 * target with what it blocked, the one that blocked most first (run order among equals). Each failed
 * check that is no warning is in exactly one, and so is each check blocked by it (its blockedBy names a
 * failed clause: resolveBlocked). Warnings are apart: `warnings`.
 */
export function rootCauses(report: RunReport): RootCause[] {
  return failedClauses(report).filter((r) => !r.failed.some((c) => isWarning(report, c)));
}

/** The failed SHOULD clauses of a run that is not strict, as `rootCauses` gives failures: what reports show after them. */
export function warnings(report: RunReport): RootCause[] {
  return failedClauses(report).filter((r) => r.failed.some((c) => isWarning(report, c)));
}

/**
 * The failures the suppressions file accepts, as `rootCauses` gives failures: each clause against its
 * target whose checks failed for accepted causes only, with the checks its failure blocked (they do not
 * fail the run: the entry accepts what the failure keeps from running). A clause with an accepted check
 * and a failed one is a root cause, and what it blocked is listed there.
 */
export function acceptedFailures(report: RunReport): RootCause[] {
  const failed = new Set(failedClauses(report).map((r) => clauseKey(r.suite, r.target, r.clause)));
  return failedClauses(report, 'accepted').map((r) => (failed.has(clauseKey(r.suite, r.target, r.clause)) ? { ...r, blocked: [] } : r));
}

/** Every failed check that is no warning, root causes first: the order the reports list failures in. */
export function failuresInOrder(report: RunReport): CheckResult[] {
  return rootCauses(report).flatMap((r) => r.failed);
}

/**
 * Catalogue clauses that no check of the run cites: no check exists for them. A clause whose checks were
 * skipped or blocked has checks; what they left unjudged is said apart (unjudgedClauses), with why. The
 * client clauses are no suite's to cover: the mocks and the proxy judge them.
 */
export function uncoveredClauses(suites: SuiteName[], checks: CheckResult[]): UncoveredClause[] {
  const covered = new Set(checks.filter((c) => !isUnselected(c)).map((c) => `${c.suite}:${c.clause}`));
  return suites.flatMap((suite) =>
    loadCatalogue(suite)
      .clauses.filter((c) => !isClientClause(c) && !covered.has(`${suite}:${c.id}`))
      .map((c) => ({ suite, id: c.id, section: c.section, level: c.level, ...(c.group ? { group: c.group } : {}), rule: c.rule, ...(c.basis ? { basis: c.basis } : {}) })),
  );
}

/**
 * 0: every MUST check passed (and, strict, every SHOULD check); 1: a check that counts failed, or could not
 * run because another failed (blocked): its rule went unverified for a failure, whatever that one's level.
 * An accepted failure fails nothing, nor does what it blocked. Strict, a MUST clause not judged on a
 * target (a check skipped) fails the run too; and so, with --require-reasons, does an entry of the
 * suppressions file that has no reason yet.
 */
export function exitCodeOf(report: RunReport): 0 | 1 {
  const counts = (c: CheckResult) => c.level === 'MUST' || report.strict;
  const acceptedOnly = acceptedBlockers(report);
  const fails = (c: CheckResult) => c.status === 'failed' || (c.status === 'blocked' && !acceptedOnly.has(clauseKey(c.suite, c.target, c.blockedBy ?? '')));
  if (report.checks.some((c) => fails(c) && counts(c))) return 1;
  if (report.strict && unjudgedClauses(report.checks).length) return 1;
  return unexplainedFailing(report) ? 1 : 0;
}

/** The suppressions file's entries without a reason, when --require-reasons makes them fail the run; else 0. */
export function unexplainedFailing(report: RunReport): number {
  return report.suppressions?.reasonsRequired ? report.suppressions.unexplained : 0;
}

/** The clauses (per target) whose checks failed for accepted causes only: what they block fails nothing. */
function acceptedBlockers(report: RunReport): Set<string> {
  return new Set(acceptedFailures(report).filter((r) => r.blocked.length).map((r) => clauseKey(r.suite, r.target, r.clause)));
}

/** A run's outcome as every report heads it; COULD NOT RUN outranks the checks, since some never ran. */
export type Verdict = 'PASS' | 'FAIL' | 'COULD NOT RUN';

export function verdictOf(report: RunReport): Verdict {
  if (report.errors?.length) return 'COULD NOT RUN';
  return exitCodeOf(report) === 0 ? 'PASS' : 'FAIL';
}

export interface ClauseRow extends CheckTally {
  suite: SuiteName;
  clause: string;
  level: string;
  group?: string;
}

/** The clause view: every clause a check cited, with how its checks went (per clause, all targets together); `except`: suites shown as a matrix instead. */
export function clauseRows(report: RunReport, except: ReadonlySet<SuiteName> = new Set()): ClauseRow[] {
  const rows = new Map<string, ClauseRow>();
  for (const c of report.checks) {
    if (except.has(c.suite)) continue;
    const key = `${c.suite}:${c.clause}`;
    let row = rows.get(key);
    if (!row) {
      row = { suite: c.suite, clause: c.clause, level: c.level, ...(c.group ? { group: c.group } : {}), ...emptyTally() };
      rows.set(key, row);
    }
    countCheck(row, c.status, isWarning(report, c));
  }
  return [...rows.values()];
}

/** Headings of the clause groups reports know; another group is shown as "<group> checks". */
const groupTitles: Record<string, string> = { security: 'Security checks', client: 'Client checks' };

export function groupTitle(group: string): string {
  return groupTitles[group] ?? `${group} checks`;
}

/** A heading of the clause table and the rows under it. */
export interface ClauseSection {
  title: string;
  group?: string;
  rows: ClauseRow[];
}

/**
 * The clause table as every format shows it: the ordinary clauses first, then each group (security
 * checks) under its own heading, rows in run order within each. `except`: suites each format shows as
 * a matrix of their targets instead (clauseMatrix).
 */
export function clauseSections(report: RunReport, except: ReadonlySet<SuiteName> = new Set()): ClauseSection[] {
  const sections = new Map<string, ClauseSection>([['', { title: 'Clauses', rows: [] }]]);
  for (const row of clauseRows(report, except)) {
    const group = row.group ?? '';
    let section = sections.get(group);
    if (!section) sections.set(group, (section = { title: groupTitle(group), group, rows: [] }));
    section.rows.push(row);
  }
  return [...sections.values()].filter((s) => s.rows.length > 0);
}
