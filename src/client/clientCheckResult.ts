import type { Clause } from '../catalogue/catalogue.ts';
import { evidenceCases, findingOf, type CaseOutcome, type Finding } from '../verdict/finding.ts';
import { findingHeadline } from '../verdict/findingHeadline.ts';
import { redactTexts } from '../exchange/redactTexts.ts';
import type { Redactor } from '../exchange/Redactor.ts';
import type { CheckResult } from '../verdict/RunReport.ts';
import type { SuiteName } from '../catalogue/suites.ts';
import type { ClauseTally, FailingCase } from './ClauseTally.ts';
import type { PendingNote } from './ClientCase.ts';
import type { ClauseWording } from './ClientJudgeSpec.ts';
import { entryLabel, entryText, type JournalEntry } from './JournalEntry.ts';

/** Failing cases whose request a finding shows as evidence (the first of each cause first). */
const evidencePerFinding = 6;

export interface ClauseOutcome {
  suite: SuiteName;
  target: string;
  clause: Clause;
  wording: ClauseWording;
  /** Every path of the clause in specs/<suite>.paths.json, with what it is. */
  paths: Readonly<Record<string, string>>;
  /** The cases judged as they arrived. */
  tally: ClauseTally;
  /** The cases judged after the fact, failing ones whole; passing ones counted by path. */
  settled: { failing: FailingCase[]; passed: number; paths: string[] };
  pending: PendingNote[];
  reproduction(entry: JournalEntry): string;
}

/**
 * One client clause as a check result, as `conform run` reports a server's: passed when every case kept
 * it, failed with a finding (counts, causes with examples and diagnoses, the blamed requests as evidence,
 * the first one's reproduction), skipped when no traffic exercised it, saying so, and skipped as
 * "pending" while cases of it are still in progress (a live report), however many kept it so far. The
 * paths the traffic never took, or that wait on a walk in progress, are the result's `notJudged`.
 */
export function clientCheckResult(o: ClauseOutcome, redactor: Pick<Redactor, 'redact'>): CheckResult {
  const redact = (text: string) => redactor.redact(text);
  const failing = [...o.tally.failing, ...o.settled.failing];
  const total = o.tally.cases + o.settled.failing.length + o.settled.passed;
  const judged = new Set([...o.tally.paths, ...o.settled.paths]);
  // A path in progress (a walk not ended) is not judged for that part, even when other cases on it were.
  const notJudged = [
    ...o.pending.map((p) => ({ path: p.path, reason: redact(p.reason) })),
    ...Object.entries(o.paths)
      .filter(([path]) => !judged.has(path) && !o.pending.some((p) => p.path === path))
      .map(([path, description]) => ({ path, reason: redact(`no request took this path (${description})`) })),
  ];
  const base: CheckResult = {
    id: `${o.suite} › ${o.target} › ${o.clause.id} ${o.wording.title}`,
    suite: o.suite,
    target: o.target,
    clause: o.clause.id,
    level: o.clause.level,
    ...(o.clause.group ? { group: o.clause.group } : {}),
    title: o.wording.title,
    status: 'passed',
    durationMs: 0,
    ...(judged.size ? { paths: [...judged] } : {}),
    ...(notJudged.length ? { notJudged } : {}),
  };
  if (total === 0) {
    const reason = o.pending.length ? o.pending.map((p) => p.reason).join('; ') : 'no request exercised it';
    return { ...base, status: 'skipped', message: redact(`not judged: ${reason}`) };
  }
  // A clause still being exercised (a walk in progress) is not passed on the cases so far: what is
  // pending may yet break it. A report has no status of its own for that: it is not judged yet, said so.
  if (!failing.length && o.pending.length) {
    return { ...base, status: 'skipped', message: redact(`pending: ${o.pending.map((p) => p.reason).join('; ')} (${total} judged so far, none failing)`) };
  }
  if (!failing.length) return base;
  const cases: CaseOutcome[] = failing.map((f) => ({
    label: entryLabel(f.entry),
    problem: f.problem,
    cause: f.cause,
    diagnosis: f.diagnosis,
    evidence: entryText(f.entry),
    reproduction: o.reproduction(f.entry),
    answer: String(f.entry.answer.status),
  }));
  const finding = withOverflow(findingOf({ of: o.wording.of, failed: o.wording.failed, rule: o.clause.rule, cases, tried: total })!, o, cases, total);
  const redacted = redactTexts(finding, redactor);
  return {
    ...base,
    status: 'failed',
    message: redacted.headline,
    finding: redacted,
    reproduction: redact(cases[0]!.reproduction!),
    evidence: evidenceCases(cases, evidencePerFinding).map((c) => ({ label: redact(c.label), text: redact(c.evidence!) })),
  };
}

/** The finding counting the failing cases past those kept whole: in its headline and in their causes' groups. */
function withOverflow(finding: Finding, o: ClauseOutcome, kept: readonly CaseOutcome[], total: number): Finding {
  const extra = o.tally.overflowCount;
  if (!extra) return finding;
  const groups = finding.groups.map((g) => ({ ...g, count: g.count + (o.tally.overflow.get(g.cause) ?? 0) }));
  for (const [cause, count] of o.tally.overflow) if (!groups.some((g) => g.cause === cause)) groups.push({ cause, count, examples: [] });
  return { ...finding, headline: findingHeadline(o.wording, kept, total, kept.length + extra), failed: kept.length + extra, groups: groups.sort((a, b) => b.count - a.count) };
}
