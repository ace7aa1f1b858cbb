// The sentences a finding leads with. The result model (finding.ts) holds the cases and counts; how they
// are said is here, once: a check's conclusion, a client judge's clause and a failed assertion
// (findingFromErrors) all word their headline with these.

/** A failing case as its headline says it: what was tried, what went wrong, and the cause that groups it. */
interface FailingCase {
  label: string;
  problem?: string | undefined;
  cause?: string | undefined;
}

/**
 * The headline of a finding: counts first, "N of M <of> <failed>" ("27 of 47 meetings could not be
 * fetched by UUID"), from the check's words for its cases (`of`, a plural noun; `failed`, a predicate).
 * `failed` defaults to the failing cases given; a judge that kept only some of them counts the rest too.
 * A check of a single case is said by that case (oneCase).
 */
export function findingHeadline(words: { of: string; failed: string }, failing: readonly FailingCase[], total: number, failed = failing.length): string {
  return total === 1 && failing[0] ? oneCase(failing[0]) : `${failed} of ${total} ${words.of} ${words.failed}`;
}

/**
 * A check of a single case: "1 of 1" says nothing, the case and its problem say it all. The cause leads
 * when it adds to the problem; a problem that already starts with it ("no HTTP answer (…); expected 200")
 * is not wrapped in it again.
 */
function oneCase(c: FailingCase): string {
  const problem = c.problem ?? '';
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
