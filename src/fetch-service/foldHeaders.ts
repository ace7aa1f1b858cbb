/**
 * Response headers as the result's string-to-string map. undici already lowercases names and gives a
 * repeated header as an array; values are joined with ", " as RFC 9110 §5.3 allows, except Set-Cookie:
 * a cookie's Expires holds a comma, so its values are joined with "\n", which no header value can contain.
 */
export function foldHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  // No prototype: an origin may send a header named __proto__.
  const folded: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    folded[name] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value;
  }
  return folded;
}
