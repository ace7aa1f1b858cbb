import { findingHeadline } from './findingHeadline.ts';

/**
 * A failed check as a person reads it: one sentence with counts first ("27 of 47 meetings could not be
 * fetched by UUID"), then the failing cases grouped by cause with a few examples and a diagnosis each,
 * then evidence and the reproduction of the leading cause's first case. Every report format renders this;
 * a check builds it with `ctx.conclude` (see check.ts), or the harness derives one from a failed
 * assertion (findingFromErrors.ts), so no report ever leads with a raw assertion diff. Here: the shape and
 * what builds it from cases. How its sentences are worded is findingHeadline.ts's; the Redactor takes
 * secrets out of it on its way to a report (exchange/redactTexts.ts).
 */

/** One case a check tried (a request, a meeting, a record) and, when it went wrong, how. */
export interface CaseOutcome {
  /** What was tried, short: `uuid "/abc=="`, `origin answers 404`, `generated-ur-hash-invalid-2`. */
  label: string;
  /** Absent: the case went right. Otherwise one line on what was wrong with it. */
  problem?: string | undefined;
  /** Failing cases with the same cause form one group, titled by it; default: the problem itself. */
  cause?: string | undefined;
  /** What a person can do about it, when the cause is recognisable (see diagnoseFirstCall.ts). */
  diagnosis?: string | undefined;
  /** Request and answer, the record, ...: shown as evidence for the first failing cases. */
  evidence?: string | undefined;
  /** A command that reproduces this case; the leading cause's first case's becomes the check's reproduction (reproducedCase). */
  reproduction?: string | undefined;
  /**
   * What the target answered, short ("504", "404 HTML"), set whether the case went right or wrong: a
   * report of several targets pairs a failing case with the same case on the reference (CaseAnswer).
   */
  answer?: string | undefined;
}

/** One case's answer as a check keeps it (CheckResult.answers): the case's label, the answer, whether it failed. */
export interface CaseAnswer {
  label: string;
  answer: string;
  /** The case went wrong. */
  failed?: true;
}

/** Answers a check keeps, failing cases first; the characters of a label or an answer kept. */
const answersPerCheck = 64;
const answerChars = 160;

/**
 * The answers of a check's cases as its result keeps them: failing cases first, then the rest in the
 * order they were tried, at most 64, each text cut to 160 characters. Cases without an answer are left out.
 */
export function caseAnswers(cases: readonly CaseOutcome[]): CaseAnswer[] {
  const answered = cases.filter((c) => c.answer !== undefined);
  const ordered = [...answered.filter((c) => c.problem !== undefined), ...answered.filter((c) => c.problem === undefined)];
  return ordered.slice(0, answersPerCheck).map((c) => ({ label: oneLine(c.label), answer: oneLine(c.answer!), ...(c.problem !== undefined ? { failed: true as const } : {}) }));
}

/** A case's label or answer on one line, cut short (exchange/cutText.ts keeps an evidence's lines and says how long it was). */
function oneLine(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  return flat.length > answerChars ? `${flat.slice(0, answerChars)}…` : flat;
}

export interface FindingExample {
  label: string;
  problem: string;
}

/** Failing cases that share a cause. */
export interface FindingGroup {
  cause: string;
  count: number;
  diagnosis?: string;
  /** The first few cases of the group, in the order they were tried. */
  examples: FindingExample[];
}

export interface Finding {
  /** One sentence, counts first when there are cases: what went wrong. */
  headline: string;
  /** How many cases failed, of how many tried (absent for a check of a single expectation). */
  failed?: number;
  total?: number;
  /** The clause's requirement, in the check's words. */
  rule?: string;
  /** What to do about it, for the check as a whole (a group's own diagnosis is on the group). */
  diagnosis?: string;
  /** Largest first. */
  groups: FindingGroup[];
  /** What the failed assertion said, diff included: evidence, never the headline. */
  assertion?: string;
}

/** What a check concludes from its cases; its words make the finding's headline ("N of M <of> <failed>", findingHeadline). */
export interface Conclusion {
  /** Plural noun for what the cases are: "meetings", "requests", "records". */
  of: string;
  /** What is wrong with a failing case, as a predicate: "could not be fetched by UUID". */
  failed: string;
  /** The clause's requirement in plain words. */
  rule?: string;
  cases: readonly CaseOutcome[];
  /**
   * How many cases were tried, when `cases` holds only some of them (a property-based check that
   * reports its shrunk counterexample after 412 generated requests); default cases.length.
   */
  tried?: number;
}

/** Examples shown per group; the rest are counted. */
const examplesPerGroup = 3;

/** The finding for a check's cases, or undefined when none failed. */
export function findingOf(conclusion: Conclusion): Finding | undefined {
  const failing = conclusion.cases.filter((c) => c.problem !== undefined);
  if (!failing.length) return undefined;
  const groups = new Map<string, FindingGroup>();
  for (const c of failing) {
    const cause = c.cause ?? c.problem!;
    let group = groups.get(cause);
    if (!group) groups.set(cause, (group = { cause, count: 0, examples: [], ...(c.diagnosis ? { diagnosis: c.diagnosis } : {}) }));
    group.count++;
    group.diagnosis ??= c.diagnosis;
    if (group.examples.length < examplesPerGroup) group.examples.push({ label: c.label, problem: c.problem! });
  }
  const total = Math.max(conclusion.tried ?? 0, conclusion.cases.length);
  return {
    headline: findingHeadline(conclusion, failing, total),
    failed: failing.length,
    total,
    ...(conclusion.rule ? { rule: conclusion.rule } : {}),
    // Largest first; a stable sort keeps the order of first appearance among equals.
    groups: [...groups.values()].sort((a, b) => b.count - a.count),
  };
}

/**
 * The failing cases whose evidence a report shows: the first of each cause first, the most frequent cause
 * leading as in the finding (its first case is the one the reproduction replays), so every distinct
 * cause has its evidence, then a second of each, up to `limit` in all.
 */
export function evidenceCases(cases: readonly CaseOutcome[], limit: number, perCause = 2): CaseOutcome[] {
  const byCause = new Map<string, CaseOutcome[]>();
  for (const c of cases) {
    if (c.problem === undefined || c.evidence === undefined) continue;
    const cause = c.cause ?? c.problem;
    byCause.set(cause, [...(byCause.get(cause) ?? []), c]);
  }
  // Largest first; a stable sort keeps the order of first appearance among equals.
  const groups = [...byCause.values()].sort((a, b) => b.length - a.length);
  const picked: CaseOutcome[] = [];
  for (let round = 0; round < perCause; round++) {
    for (const group of groups) if (group[round]) picked.push(group[round]!);
  }
  return picked.slice(0, limit);
}

/**
 * The failing case a check's reproduction replays: the first of the cause its finding leads with (the
 * most frequent), not merely the first to fail. A case that failed for a passing reason (a 429 past the
 * retry budget on a busy machine) is not the one a reader can run again and see the fault.
 */
export function reproducedCase(cases: readonly CaseOutcome[]): CaseOutcome | undefined {
  const counts = new Map<string, number>();
  for (const c of cases) if (c.problem !== undefined) counts.set(c.cause ?? c.problem, (counts.get(c.cause ?? c.problem) ?? 0) + 1);
  let lead: string | undefined;
  for (const [cause, count] of counts) if (lead === undefined || count > counts.get(lead)!) lead = cause;
  return cases.find((c) => c.problem !== undefined && (c.cause ?? c.problem) === lead);
}
