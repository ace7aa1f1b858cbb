import { isWarning } from './rootCauses.ts';
import type { Level } from '../catalogue/catalogue.ts';
import type { CheckResult, CheckStatus, RunReport } from './RunReport.ts';
import { RunError } from './RunError.ts';
import { targetKey } from './stableText.ts';
import type { SuiteName } from '../catalogue/suites.ts';

/**
 * How a clause went against one target: its checks' outcome, the worst first (a failure that fails the
 * run, a warning, an accepted failure, a check blocked by another failure, passed, skipped), or
 * `uncovered` when no check of the run judged it there (none ran, or all were skipped).
 */
export type ClauseState = Exclude<CheckStatus, 'skipped'> | 'warning' | 'uncovered';

/** One clause against one target whose state changed between two runs (or, still failing, did not). */
export interface ClauseChange {
  suite: SuiteName;
  clause: string;
  level: Level;
  group?: string;
  before: ClauseState;
  after: ClauseState;
  /** What its failure says: AFTER's headline when it fails, warns or is accepted there (what blocked it, blocked), BEFORE's otherwise. */
  message?: string;
  /** Accepted in AFTER: the suppressions file's reason. */
  reason?: string;
}

/** What changed for one target, by its label; a clause may be in two lists (newly covered and newly failing). */
export interface TargetDiff {
  suite: SuiteName;
  /** The target's label in AFTER (in BEFORE for a target AFTER did not run). */
  target: string;
  /** `new`: only AFTER ran it; `gone`: only BEFORE did (its clauses are listed nowhere). */
  presence: 'both' | 'new' | 'gone';
  /** Failing in AFTER, not in BEFORE (which passed it, accepted it, did not cover it or did not run the target). */
  newlyFailing: ClauseChange[];
  /**
   * Failing in BEFORE; judged and not failing in AFTER (passed, or a warning of a run that is not strict).
   * Never an accepted one: a failure the suppressions file accepts still fails (newlyAccepted).
   */
  fixed: ClauseChange[];
  stillFailing: ClauseChange[];
  /** Judged by no check in BEFORE, by one in AFTER. */
  newlyCovered: ClauseChange[];
  /** Judged in BEFORE, by no check in AFTER. */
  newlyUncovered: ClauseChange[];
  /**
   * Accepted in AFTER, not in BEFORE: a failure accepted since (failed → accepted), or one that is new
   * and accepted by an entry of the file (passed → accepted); still accepted with another reason is not
   * listed. The verdict names the MUST ones (diffVerdict): an accepted failure is no fix.
   */
  newlyAccepted: ClauseChange[];
  /** Blocked in AFTER by another clause's failure, not in BEFORE: unjudged now. */
  newlyBlocked: ClauseChange[];
  /** Failed SHOULD clauses of a run that is not strict, apart: they fail neither run. */
  warnings: { new: ClauseChange[]; fixed: ClauseChange[]; still: ClauseChange[] };
  /** Clauses judged in both runs, and how many of them fail in AFTER: "no change (42 clauses, 0 failing)". */
  judged: number;
  failing: number;
}

/** Which run a report is, as a diff names it. */
export interface RunIdentity {
  version: string;
  seed: number;
  startedAt: string;
  strict: boolean;
}

export interface ReportDiff {
  suites: SuiteName[];
  before: RunIdentity;
  after: RunIdentity;
  targets: TargetDiff[];
  /** Totals over every target. */
  counts: { newlyFailing: number; fixed: number; stillFailing: number; newlyCovered: number; newlyUncovered: number; newlyAccepted: number; newlyBlocked: number; newWarnings: number };
  /** What makes the comparison less than like for like (a shard, a --grep, --strict in one run only). */
  notes: string[];
}

/** Worst first: a clause's state is its worst check's. */
const severity: ClauseState[] = ['failed', 'warning', 'accepted', 'blocked', 'passed'];

/**
 * What changed from one run's JSON report to another's, per target and clause: what newly fails, what
 * was fixed, what still fails, what is newly covered or uncovered, what is newly accepted or blocked, and
 * the warnings apart. An accepted failure is not failing, and not fixed either: newly accepted, which the
 * verdict names; a warning is neither failing nor fixed. A
 * target is the same in both when its label is, ports and such aside (targetKey): a loopback deployment
 * started on a new port each run is one target. Reports of different suites are no comparison: a
 * RunError (exit 2).
 */
export function diffReports(before: RunReport, after: RunReport): ReportDiff {
  const suitesOf = (r: RunReport) => (Object.keys(r.target) as SuiteName[]).sort();
  const [bs, as] = [suitesOf(before), suitesOf(after)];
  if (bs.join(',') !== as.join(',')) {
    throw new RunError(`reports of different suites: BEFORE ran ${bs.join(', ') || 'none'}, AFTER ran ${as.join(', ') || 'none'}`);
  }
  const [b, a] = [statesOf(before), statesOf(after)];
  const targets: TargetDiff[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const [was, now] = [b.get(key), a.get(key)];
    const any = (now ?? was)!;
    const diff: TargetDiff = {
      suite: any.suite,
      target: any.label,
      presence: was && now ? 'both' : now ? 'new' : 'gone',
      newlyFailing: [],
      fixed: [],
      stillFailing: [],
      newlyCovered: [],
      newlyUncovered: [],
      newlyAccepted: [],
      newlyBlocked: [],
      warnings: { new: [], fixed: [], still: [] },
      judged: 0,
      failing: 0,
    };
    targets.push(diff);
    if (!now) continue;
    for (const clause of new Set([...now.clauses.keys(), ...(was?.clauses.keys() ?? [])])) {
      const [x, y] = [was?.clauses.get(clause), now.clauses.get(clause)];
      const from = x?.state ?? 'uncovered';
      const to = y?.state ?? 'uncovered';
      const first = (y ?? x)!;
      const change: ClauseChange = {
        suite: any.suite,
        clause,
        level: first.level,
        ...(first.group ? { group: first.group } : {}),
        before: from,
        after: to,
      };
      const message = to === 'blocked' ? `blocked by ${y?.blockedBy ?? 'another clause'}${y?.message ? `: ${y.message}` : ''}` : ['failed', 'warning', 'accepted'].includes(to) ? y?.message : x?.message;
      if (message) change.message = message;
      if (to === 'accepted' && y?.reason) change.reason = y.reason;
      const covered = (s: ClauseState) => s !== 'uncovered';
      // An accepted failure fails still: no fix, whatever it was before (newly accepted says so).
      const fixedNow = to === 'passed' || to === 'warning';
      if (covered(from) && covered(to)) diff.judged++;
      if (to === 'failed') diff.failing++;
      if (to === 'failed' && from !== 'failed') diff.newlyFailing.push(change);
      if (to === 'failed' && from === 'failed') diff.stillFailing.push(change);
      if (from === 'failed' && fixedNow) diff.fixed.push(change);
      // A new target's clauses are all newly covered: that says nothing; its failures are newly failing.
      if (was && !covered(from) && covered(to)) diff.newlyCovered.push(change);
      if (covered(from) && !covered(to)) diff.newlyUncovered.push(change);
      if (to === 'accepted' && from !== 'accepted') diff.newlyAccepted.push(change);
      if (to === 'blocked' && from !== 'blocked') diff.newlyBlocked.push(change);
      if (to === 'warning' && from !== 'warning') diff.warnings.new.push(change);
      if (to === 'warning' && from === 'warning') diff.warnings.still.push(change);
      if (from === 'warning' && to === 'passed') diff.warnings.fixed.push(change);
    }
  }
  const total = (pick: (t: TargetDiff) => unknown[]) => targets.reduce((n, t) => n + pick(t).length, 0);
  return {
    suites: as,
    before: identity(before),
    after: identity(after),
    targets,
    counts: {
      newlyFailing: total((t) => t.newlyFailing),
      fixed: total((t) => t.fixed),
      stillFailing: total((t) => t.stillFailing),
      newlyCovered: total((t) => t.newlyCovered),
      newlyUncovered: total((t) => t.newlyUncovered),
      newlyAccepted: total((t) => t.newlyAccepted),
      newlyBlocked: total((t) => t.newlyBlocked),
      newWarnings: total((t) => t.warnings.new),
    },
    notes: notesOn(before, after),
  };
}

/** 1 when something newly fails, else 0: `conform report diff`'s exit code. */
export function diffExitCode(diff: ReportDiff): 0 | 1 {
  return diff.counts.newlyFailing ? 1 : 0;
}

interface ClauseOutcome {
  state: ClauseState;
  level: Level;
  group?: string;
  message?: string;
  reason?: string;
  blockedBy?: string;
}

interface TargetOutcome {
  suite: SuiteName;
  label: string;
  clauses: Map<string, ClauseOutcome>;
}

/** Each target of the report (by suite and targetKey) with each clause a check of it cited, and how it went. */
function statesOf(report: RunReport): Map<string, TargetOutcome> {
  const targets = new Map<string, TargetOutcome>();
  for (const [suite, labels] of Object.entries(report.target) as Array<[SuiteName, string[]]>) {
    for (const label of labels) {
      const key = JSON.stringify([suite, targetKey(label)]);
      if (!targets.has(key)) targets.set(key, { suite, label, clauses: new Map() });
    }
  }
  for (const c of report.checks) {
    const key = JSON.stringify([c.suite, targetKey(c.target)]);
    let target = targets.get(key);
    if (!target) targets.set(key, (target = { suite: c.suite, label: c.target, clauses: new Map() }));
    const state = stateOf(report, c);
    const known = target.clauses.get(c.clause);
    if (!known || rank(state) < rank(known.state)) {
      target.clauses.set(c.clause, {
        state,
        level: c.level,
        ...(c.group ? { group: c.group } : {}),
        ...(c.message ? { message: c.message } : {}),
        ...(c.suppression?.reason ? { reason: c.suppression.reason } : {}),
        ...(c.blockedBy ? { blockedBy: c.blockedBy } : {}),
      });
    }
  }
  return targets;
}

function stateOf(report: RunReport, check: CheckResult): ClauseState {
  if (isWarning(report, check)) return 'warning';
  return check.status === 'skipped' ? 'uncovered' : check.status;
}

function rank(state: ClauseState): number {
  const i = severity.indexOf(state);
  return i < 0 ? severity.length : i;
}

function identity(report: RunReport): RunIdentity {
  return { version: report.version, seed: report.seed, startedAt: report.startedAt, strict: report.strict };
}

function notesOn(before: RunReport, after: RunReport): string[] {
  const notes: string[] = [];
  for (const [name, r] of [['BEFORE', before], ['AFTER', after]] as const) {
    if (r.shard) notes.push(`${name} is shard ${r.shard.index}/${r.shard.count} of its run: the other shards' clauses count as uncovered (conform report merge makes the whole report)`);
    if (r.errors?.length) notes.push(`${name} could not run every check: ${r.errors[0]}`);
  }
  if (before.strict !== after.strict) notes.push(`${before.strict ? 'BEFORE' : 'AFTER'} ran with --strict, the other without: a failed SHOULD clause is a failure in one and a warning in the other`);
  return notes;
}
