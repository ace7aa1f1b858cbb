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

/**
 * A violation in words that name the place and the rule but never the value found: for error bodies a
 * service sends back, where a value may carry a secret (a URL with a token in it).
 */
export function violationRule(v: Violation): string {
  const place = v.pointer === '' ? (v.where === 'body' ? 'the body' : v.where) : v.pointer.slice(1).replaceAll('/', '.');
  const required = /^required: (.+)$/.exec(v.rule);
  if (required) return `${v.pointer === '' ? '' : `${place}.`}${required[1]} is required.`;
  switch (v.rule) {
    case 'JSON':
      return 'The request body is not valid JSON.';
    case 'required body':
      return 'A request body is required.';
    case 'required':
      return `${place} is required.`;
    case 'documented content type':
      return 'The content type is not one this operation takes.';
    case 'percent-encoding':
      return `${place} is not valid percent-encoding.`;
    default: {
      const type = /^type: (.+)$/.exec(v.rule);
      if (type) return `${v.pointer === '' && v.where === 'body' ? 'The request body' : place} must be ${type[1] === 'object' ? 'a JSON object' : `of type ${type[1]}`}.`;
      return `${place} breaks the rule ${v.rule}.`;
    }
  }
}
