import type { RecordPlace } from './readRecords.ts';

/** Where a record was read: its file (or stream name), and the line or array index within it. */
export interface Place extends RecordPlace {
  source: string;
}

/** How a place is written for a person: `file`, `file:LINE` (NDJSON), `file[INDEX]` (a JSON array). */
export function placeName(place: Place): string {
  if (place.index !== undefined) return `${place.source}[${String(place.index)}]`;
  if (place.line !== undefined) return `${place.source}:${String(place.line)}`;
  return place.source;
}
