/** A header line as the service reads it: a name and its value, or every value of a repeated header. */
export type HeaderLine = readonly [name: string, value: string | readonly string[] | undefined];

/**
 * Response headers as the result's string-to-string map: lowercase names, a repeated header's values
 * joined with ", " as RFC 9110 §5.3 allows, except Set-Cookie: a cookie's Expires holds a comma, so its
 * values are joined with "\n", which no header value can contain. Takes undici's headers as
 * `Object.entries` gives them and raw header lines alike.
 */
export function foldHeaders(lines: Iterable<HeaderLine>): Record<string, string> {
  // No prototype: an origin may send a header named __proto__.
  const folded: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [rawName, value] of lines) {
    if (value === undefined) continue;
    const name = rawName.toLowerCase();
    const separator = name === 'set-cookie' ? '\n' : ', ';
    const text = typeof value === 'string' ? value : value.join(separator);
    const before = folded[name];
    folded[name] = before === undefined ? text : `${before}${separator}${text}`;
  }
  return folded;
}
