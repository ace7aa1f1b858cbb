import type { Finding } from './finding.ts';
import { headlineOf } from './findingHeadline.ts';

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
