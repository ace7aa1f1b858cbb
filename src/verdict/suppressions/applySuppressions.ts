import { derivedFromChecks } from '../buildReport.ts';
import { isWarning } from '../rootCauses.ts';
import type { CheckResult, CheckSuppression, RunReport } from '../RunReport.ts';
import { stableText, targetKey } from '../stableText.ts';
import { failureCauses } from './failureFingerprints.ts';
import { entryKey, hasReason, placeholderReason, type SuppressionEntry } from './SuppressionEntry.ts';

/**
 * The suppressions file's say on one check. A failed check is accepted when every cause it fails for
 * has an entry (the same suite, target, clause and fingerprint) whose `until`, if any, is `today` or
 * later; it stays failed when a cause has none (a new fault), and when an entry it needs has expired, its
 * message then saying "accepted until DATE, which has passed". Other checks are as they were.
 * `today`: YYYY-MM-DD (the run's start, UTC).
 */
export function acceptCheck(check: CheckResult, entries: ReadonlyMap<string, SuppressionEntry>, today: string): CheckResult {
  if (check.status !== 'failed') return check;
  const target = targetKey(check.target);
  const causes = failureCauses(check);
  const matched = causes.map((c) => entries.get(entryKey({ suite: check.suite, target, clause: check.clause, fingerprint: c.fingerprint })));
  const found = matched.filter((e): e is SuppressionEntry => e !== undefined);
  if (!found.length) return check;
  const expired = found.filter((e) => e.until !== undefined && e.until < today);
  const suppression: CheckSuppression = {
    reason: [...new Set(found.map((e) => e.reason.trim() || placeholderReason))].join('; '),
    ...(found.some((e) => e.until) ? { until: found.map((e) => e.until).filter((u): u is string => u !== undefined).sort()[0]! } : {}),
    fingerprints: found.map((e) => e.fingerprint),
  };
  if (expired.length) {
    const until = expired.map((e) => e.until!).sort()[0]!;
    const note = `accepted until ${until}, which has passed`;
    const message = check.message ? `${check.message} (${note})` : note;
    return { ...check, message, ...(check.finding ? { finding: { ...check.finding, headline: `${check.finding.headline} (${note})` } } : {}), suppression: { ...suppression, until, expired: true } };
  }
  // A cause no entry names: a new fault, which fails as any other.
  if (found.length < causes.length) return check;
  return { ...check, status: 'accepted', suppression };
}

/** The entries by key, for acceptCheck. */
export function entriesByKey(entries: readonly SuppressionEntry[]): Map<string, SuppressionEntry> {
  return new Map(entries.map((e) => [entryKey(e), e]));
}

/** The day a report's run started, YYYY-MM-DD in UTC: what an entry's `until` is compared with. */
export function runDay(report: Pick<RunReport, 'startedAt'>): string {
  return report.startedAt.slice(0, 10);
}

/**
 * The report with the suppressions file's say on every check (acceptCheck), its summary counted anew
 * (accepted apart) and `suppressions` saying what the file held: how many entries, how many are stale
 * (their check ran and no longer fails for their cause), expired, and still without a reason (which
 * fail the run with `requireReasons`, --require-reasons). Pure: the file is read and written by the
 * caller (suppressionsFile.ts).
 */
export function applySuppressions(report: RunReport, entries: readonly SuppressionEntry[], file: string, options: { requireReasons?: boolean | undefined } = {}): RunReport {
  const byKey = entriesByKey(entries);
  const today = runDay(report);
  const checks = report.checks.map((c) => acceptCheck(c, byKey, today));
  const stale = staleEntries({ ...report, checks }, entries);
  const { commonCauses: _causes, matrix: _matrix, ...rest } = report;
  const accepted = { ...rest, checks };
  return {
    ...accepted,
    ...derivedFromChecks(accepted),
    suppressions: {
      file,
      entries: entries.length,
      stale: stale.length,
      expired: entries.filter((e) => e.until !== undefined && e.until < today).length,
      unexplained: entries.filter((e) => !hasReason(e)).length,
      ...(options.requireReasons ? { reasonsRequired: true as const } : {}),
    },
  };
}

/**
 * The entries `--prune` drops: those whose check ran in this run (passed, failed or accepted against
 * its target) without failing for the entry's cause. An entry whose check did not run (another suite or
 * target, a --grep, a shard, a check that was blocked or skipped) says nothing about its fault and stays.
 */
export function staleEntries(report: RunReport, entries: readonly SuppressionEntry[]): SuppressionEntry[] {
  const ran = new Set<string>();
  const failing = new Set<string>();
  for (const c of report.checks) {
    if (c.status !== 'passed' && c.status !== 'failed' && c.status !== 'accepted') continue;
    const target = targetKey(c.target);
    ran.add(JSON.stringify([c.suite, target, c.clause, stableText(c.title)]));
    if (c.status === 'passed') continue;
    for (const cause of failureCauses(c)) failing.add(entryKey({ suite: c.suite, target, clause: c.clause, fingerprint: cause.fingerprint }));
  }
  return entries.filter((e) => ran.has(JSON.stringify([e.suite, e.target, e.clause, e.check])) && !failing.has(entryKey(e)));
}

/**
 * The entries `--suppress` adds: one for each cause of each failure that fails the run (a MUST check's;
 * a SHOULD check's only under --strict, where it is no warning) and has no entry yet, with the
 * placeholder reason. A failure whose entry expired keeps that entry: renewing it is a person's decision.
 */
export function newEntries(report: RunReport, entries: readonly SuppressionEntry[]): SuppressionEntry[] {
  const known = new Set(entries.map(entryKey));
  const added: SuppressionEntry[] = [];
  for (const c of report.checks) {
    if (c.status !== 'failed' || isWarning(report, c)) continue;
    const target = targetKey(c.target);
    for (const cause of failureCauses(c)) {
      const entry: SuppressionEntry = { suite: c.suite, target, clause: c.clause, check: cause.check, cause: cause.cause, fingerprint: cause.fingerprint, reason: placeholderReason };
      if (known.has(entryKey(entry))) continue;
      known.add(entryKey(entry));
      added.push(entry);
    }
  }
  return added;
}

export interface SettleOptions {
  /** Add an entry for every current failure that has none. */
  suppress?: boolean;
  /** Drop the entries whose check no longer fails for their cause. */
  prune?: boolean;
  /** Entries without a reason fail the run. */
  requireReasons?: boolean;
}

/**
 * What a run does with its suppressions file, without the file: the entries after --suppress (the
 * failures of the report as built, before any entry accepted them, plus those the file lacks) and
 * --prune, and the report with those entries applied. A --suppress run then reports what it just
 * accepted as accepted (exit 0 unless an entry expired): the file is the baseline from now on.
 */
export function settleSuppressions(report: RunReport, entries: readonly SuppressionEntry[], file: string, options: SettleOptions): { report: RunReport; entries: SuppressionEntry[] } {
  const first = applySuppressions(report, entries, file, options);
  const added = options.suppress ? newEntries(first, entries) : [];
  const stale = options.prune ? new Set(staleEntries(first, entries).map(entryKey)) : new Set<string>();
  const next = [...entries.filter((e) => !stale.has(entryKey(e))), ...added];
  const settled = applySuppressions(report, next, file, options);
  settled.suppressions = { ...settled.suppressions!, ...(options.suppress ? { added: added.length } : {}), ...(options.prune ? { pruned: stale.size } : {}) };
  return { report: settled, entries: next };
}
