/** Headers as fetch gives them, or as a plain record with names in any case. */
export type HeaderSource = Headers | Record<string, string | undefined>;

/** A lookup by header name, case-insensitive (RFC 9110 §5.1); none given reads as no header at all. */
export function headerGetter(headers: HeaderSource | undefined): (name: string) => string | undefined {
  if (!headers) return () => undefined;
  if (headers instanceof Headers) return (name) => headers.get(name) ?? undefined;
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return (name) => lower.get(name.toLowerCase());
}
