import type { ClauseChange, ReportDiff, RunIdentity, TargetDiff } from '../diffReports.ts';

/** A list of a target's diff as the console and Markdown show it. */
export interface DiffSection {
  title: string;
  mark: string;
  changes: ClauseChange[];
  /** Lists that say what fails now lead; the rest (still failing, coverage, warnings) follow. */
  major: boolean;
}

/** A target's non-empty lists, in the order both formats show them: what newly fails first, warnings last. */
export function diffSections(t: TargetDiff): DiffSection[] {
  const sections: DiffSection[] = [
    { title: 'Newly failing', mark: '✗', changes: t.newlyFailing, major: true },
    { title: 'Fixed', mark: '✓', changes: t.fixed, major: true },
    { title: 'Still failing', mark: '✗', changes: t.stillFailing, major: false },
    { title: 'Newly covered', mark: '+', changes: t.newlyCovered, major: false },
    { title: 'Newly uncovered', mark: '-', changes: t.newlyUncovered, major: true },
    { title: 'Newly accepted', mark: '≈', changes: t.newlyAccepted, major: true },
    { title: 'Newly blocked', mark: '⊘', changes: t.newlyBlocked, major: false },
    { title: 'New warnings (SHOULD)', mark: '⚠', changes: t.warnings.new, major: false },
    { title: 'Warnings gone', mark: '✓', changes: t.warnings.fixed, major: false },
    { title: 'Still warnings', mark: '⚠', changes: t.warnings.still, major: false },
  ];
  return sections.filter((s) => s.changes.length);
}

/** "fetch-service · staging". */
export function targetTitle(t: TargetDiff): string {
  return `${t.suite} · ${t.target}`;
}

/** What a target's heading adds when nothing is listed under it, or it ran in one report only. */
export function targetNote(t: TargetDiff): string {
  if (t.presence === 'new') return 'new: only AFTER ran this target';
  if (t.presence === 'gone') return 'gone: only BEFORE ran this target';
  return diffSections(t).length ? '' : `no change (${t.judged} clause${t.judged === 1 ? '' : 's'} judged in both, ${t.failing} failing)`;
}

/** "passed → failed", or "failed" for a clause that is as it was. */
export function transition(c: ClauseChange): string {
  return c.before === c.after ? c.after : `${c.before} → ${c.after}`;
}

/** "conform 0.1.0, seed 7, started 2025-05-01T10:00:00.000Z, strict". */
export function runIdentity(run: RunIdentity): string {
  return `conform ${run.version}, seed ${run.seed}${run.startedAt ? `, started ${run.startedAt}` : ''}${run.strict ? ', strict' : ''}`;
}

/**
 * The verdict line: "FAIL: 1 clause newly fails (1 fixed, 2 still failing, …)", or "PASS: nothing newly
 * fails (…)"; either names the MUST clauses newly accepted, since an accepted failure is a failure the
 * suppressions file hides: "…; 2 MUST clauses newly accepted: FS-504 (passed → accepted), FS-AUTH-KEY
 * (failed → accepted) (…)".
 */
export function diffVerdict(diff: ReportDiff): string {
  const c = diff.counts;
  const rest = [
    `${c.fixed} fixed`,
    `${c.stillFailing} still failing`,
    `${c.newlyCovered} newly covered`,
    `${c.newlyUncovered} newly uncovered`,
    ...(c.newlyAccepted ? [`${c.newlyAccepted} newly accepted`] : []),
    ...(c.newlyBlocked ? [`${c.newlyBlocked} newly blocked`] : []),
    ...(c.newWarnings ? [`${c.newWarnings} new warning${c.newWarnings === 1 ? '' : 's'}`] : []),
  ].join(', ');
  const head = c.newlyFailing ? `FAIL: ${c.newlyFailing} clause${c.newlyFailing === 1 ? '' : 's'} newly fail${c.newlyFailing === 1 ? 's' : ''}` : 'PASS: nothing newly fails';
  return `${head}${newlyAcceptedText(diff)} (${rest})`;
}

/** MUST clauses newly accepted the verdict names at most; the lists hold them all. */
const namedAccepted = 12;

/** "; 2 MUST clauses newly accepted: FS-504 (passed → accepted), FS-AUTH-KEY [prod] (failed → accepted)", or nothing. */
function newlyAcceptedText(diff: ReportDiff): string {
  const several = diff.targets.length > 1;
  const must = diff.targets.flatMap((t) => t.newlyAccepted.filter((c) => c.level === 'MUST').map((c) => `${c.clause}${several ? ` [${t.target}]` : ''} (${transition(c)})`));
  if (!must.length) return '';
  const more = must.length - namedAccepted;
  return `; ${must.length} MUST clause${must.length === 1 ? '' : 's'} newly accepted: ${must.slice(0, namedAccepted).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
