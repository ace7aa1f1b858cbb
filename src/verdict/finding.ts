import type { Redactor } from '../exchange/Redactor.ts';

/**
 * A failed check as a person reads it: one sentence with counts first ("27 of 47 meetings could not be
 * fetched by UUID"), then the failing cases grouped by cause with a few examples and a diagnosis each,
 * then evidence and the reproduction of the leading cause's first case. Every report format renders this;
 * a check builds it with `ctx.conclude` (see check.ts), or the harness derives one from a failed
 * assertion (findingFromErrors), so no report ever leads with a raw assertion diff.
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

/** How a check words its finding: "N of M <of> <failed>". */
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
    headline: total === 1 ? oneCase(failing[0]!) : `${failing.length} of ${total} ${conclusion.of} ${conclusion.failed}`,
    failed: failing.length,
    total,
    ...(conclusion.rule ? { rule: conclusion.rule } : {}),
    // Largest first; a stable sort keeps the order of first appearance among equals.
    groups: [...groups.values()].sort((a, b) => b.count - a.count),
  };
}

/**
 * A check of a single case: "1 of 1" says nothing, the case and its problem say it all. The cause leads
 * when it adds to the problem; a problem that already starts with it ("no HTTP answer (…); expected 200")
 * is not wrapped in it again.
 */
function oneCase(c: CaseOutcome): string {
  const problem = c.problem!;
  const what = c.cause && !problem.toLowerCase().startsWith(c.cause.toLowerCase()) ? `${c.cause} (${problem})` : problem;
  return headlineOf(`${c.label}: ${what}`);
}

/**
 * The sentence that heads a text of several lines: its first line, and when that line ends in a colon
 * that introduces the lines after it ("the answer breaks the spec:" and a list of violations), the first
 * of them too and how many more there are, so that a headline never ends in a dangling colon.
 */
export function headlineOf(text: string): string {
  const [first = '', ...rest] = text.trim().split('\n');
  const line = first.trim();
  if (!line.endsWith(':')) return line;
  const stem = line.replace(/\s*:$/, '');
  const next = rest.map((l) => l.trim()).filter(Boolean);
  if (!next.length) return stem;
  return `${stem}: ${next[0]!.replace(/\s*:$/, '')}${next.length > 1 ? ` (and ${next.length - 1} more)` : ''}`;
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

/** Thrown by `ctx.conclude` when a case failed: its message is the headline, the finding is in the task's meta. */
export class CheckFailure extends Error {
  constructor(headline: string) {
    super(headline);
    this.name = 'CheckFailure';
  }
}

/**
 * A failed test's error as vitest reports it (TestCase.result().errors): its class, its message and,
 * for an assertion, the values compared and the diff vitest computed from them.
 */
export interface FailedError {
  /** The error's class: `AssertionError` for a failed expect, `TestTimeoutError` for a test out of time. */
  name?: string | undefined;
  message: string;
  diff?: string | undefined;
  /** The values an assertion compared, as vitest prints them ("401", "true"). */
  actual?: string | undefined;
  expected?: string | undefined;
}

/**
 * A finding for a check that failed on an assertion or an error rather than through `ctx.conclude`:
 * the assertion's own message (`expect(x, 'the list must be JSON')`) is the headline, and what chai
 * appends ("expected 401 to be 200", a diff) becomes evidence. `timeoutMs`: the test's own timeout
 * (TestCase.options.timeout), what a check that ran out of time is said to have had.
 */
export function findingFromErrors(errors: readonly FailedError[], timeoutMs?: number): Finding {
  const [first, ...more] = errors;
  const message = first?.message.trim() ?? '';
  let head = message;
  let rest = '';
  let bare = false;
  if (first?.name === 'TestTimeoutError') {
    head = timeoutMs === undefined ? 'The check did not finish in time' : `The check did not finish within ${Math.round(timeoutMs / 1000)} s`;
    rest = message;
  } else if (first?.name === 'AssertionError') {
    // The one piece of wording read: chai writes an assertion's own message in front of its own text,
    // "message: expected …" (its getMessage: `flagMsg + ": " + msg`); nothing structured holds it apart.
    const custom = /^([\s\S]+?): (expected [\s\S]*)$/.exec(message);
    if (custom) {
      head = custom[1]!;
      rest = custom[2]!;
      // "expected false to be true" and its two-line diff say nothing the message does not: no evidence.
      bare = isBooleanText(first.actual) && isBooleanText(first.expected);
    }
  }
  // The first line is the sentence (with the line it introduces, when it ends in a colon); what follows
  // it (an answer quoted, a stack) is evidence.
  const [, ...lines] = head.split('\n');
  const headline = headlineOf(head) || 'The check failed';
  rest = [lines.join('\n').trim(), bare ? '' : rest].filter(Boolean).join('\n');
  const assertion = [rest, bare ? undefined : first?.diff, ...more.map((e) => [e.message, e.diff].filter(Boolean).join('\n'))].filter(Boolean).join('\n\n');
  return { headline, groups: [], ...(assertion ? { assertion } : {}) };
}

function isBooleanText(value: string | undefined): boolean {
  return value === 'true' || value === 'false';
}

/** The finding with every text in it passed through the run's Redactor: no secret reaches a report. */
export function redactFinding(finding: Finding, redactor: Pick<Redactor, 'redact'>): Finding {
  const redact = (text: string) => redactor.redact(text);
  return {
    ...finding,
    headline: redact(finding.headline),
    ...(finding.rule !== undefined ? { rule: redact(finding.rule) } : {}),
    ...(finding.diagnosis !== undefined ? { diagnosis: redact(finding.diagnosis) } : {}),
    ...(finding.assertion !== undefined ? { assertion: redact(finding.assertion) } : {}),
    groups: finding.groups.map((g) => ({
      ...g,
      cause: redact(g.cause),
      ...(g.diagnosis !== undefined ? { diagnosis: redact(g.diagnosis) } : {}),
      examples: g.examples.map((e) => ({ label: redact(e.label), problem: redact(e.problem) })),
    })),
  };
}
