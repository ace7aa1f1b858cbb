/** The media type of a Content-Type value without parameters, lowercase: "application/json"; "" for none. */
export function essenceOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** JSON by its media type: application/json or any +json structured suffix (RFC 6839). */
export function isJsonMediaType(essence: string): boolean {
  return essence === 'application/json' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(essence);
}

/** Whether `essence` falls under a documented media range ("application/json", "application/*", "*\/*"). */
export function mediaRangeCovers(range: string, essence: string): boolean {
  if (range === '*/*') return essence !== '';
  if (range.endsWith('/*')) return essence.startsWith(range.slice(0, -1));
  return range === essence;
}
