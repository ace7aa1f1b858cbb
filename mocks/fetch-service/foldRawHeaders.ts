/**
 * Header lines as the result's string-to-string map (the OpenAPI's convention): lowercase names, repeated
 * values joined with ", " (RFC 9110 §5.3) except Set-Cookie, joined with "\n" as a cookie may hold a comma.
 */
export function foldRawHeaders(lines: ReadonlyArray<readonly [string, string]>): Record<string, string> {
  // No prototype: an origin may send a header named __proto__.
  const folded = Object.create(null) as Record<string, string>;
  for (const [rawName, value] of lines) {
    const name = rawName.toLowerCase();
    const before = folded[name];
    folded[name] = before === undefined ? value : `${before}${name === 'set-cookie' ? '\n' : ', '}${value}`;
  }
  return folded;
}
