import type { CommonCause } from '../RunReport.ts';

/**
 * "31 of 104 requests to staging answered 503, across the failures of 11 clauses", from the cause's
 * counts; "got no answer (no answer within 30 s)" for requests that got none.
 */
export function commonCauseText(cause: CommonCause): string {
  const why = /^no answer: (.*)$/.exec(cause.outcome)?.[1];
  const what = why === undefined ? `answered ${cause.outcome}` : `got no answer (${why})`;
  const n = cause.clauses.length;
  return `${cause.count} of ${cause.requests} requests to ${cause.target || cause.suite} ${what}, across the failures of ${n} clause${n === 1 ? '' : 's'}`;
}
