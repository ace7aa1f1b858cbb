/**
 * The identifier rule: the platform's gateway decodes a path once before routing and folds "//", so a
 * meeting UUID that starts with "/" or contains "//" survives only when percent-encoded twice. Every
 * other identifier (the numeric id, a UUID with a lone "/" or "+") is percent-encoded once.
 */
export function needsDoubleEncoding(meetingId: string): boolean {
  return meetingId.startsWith('/') || meetingId.includes('//');
}

/** The path segment for GET /v2/meetings/{meetingId}. */
export function encodeMeetingId(meetingId: string | number): string {
  const text = String(meetingId);
  const once = encodeURIComponent(text);
  return needsDoubleEncoding(text) ? encodeURIComponent(once) : once;
}
