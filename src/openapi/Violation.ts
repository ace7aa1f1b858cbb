/**
 * One way a request or a response departs from the spec, in words a person reads without the spec at
 * hand: where (the status line, a header, the body, or a request's path, query and headers), the JSON
 * pointer inside it, the rule of the spec it breaks, and a sentence naming the value found.
 */
export interface Violation {
  where: 'status' | 'header' | 'body' | 'path' | 'query';
  /** JSON pointer into `where`: "/meetings/3/start_time" in a body, "/page_size" in a query, "" for the whole. */
  pointer: string;
  /** The spec's rule, as the spec writes it: "format: date-time", "required: start_time", "documented status". */
  rule: string;
  message: string;
}

/** Violations as lines, for failure messages. */
export function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.where}${v.pointer}: ${v.message} [${v.rule}]`).join('\n');
}
