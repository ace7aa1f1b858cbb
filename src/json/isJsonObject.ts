/** A JSON object (not null, not an array), as files read back (reports, suppressions) are checked. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
