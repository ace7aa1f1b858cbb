import type { components, operations } from '../../src/generated/meeting-platform.ts';
import { loadSpec } from '../../src/openapi/loadSpec.ts';
import { validateRequest } from '../../src/openapi/validateRequest.ts';

type FieldError = components['schemas']['FieldError'];
type ListType = NonNullable<NonNullable<operations['listMeetings']['parameters']['query']>['type']>;

export interface ListQuery {
  pageSize: number;
  type: ListType;
  nextPageToken: string;
}

const listOperation = loadSpec('meeting-platform').operation('listMeetings');
const pageSizeParameter = listOperation.parameters.find((p) => p.name === 'page_size')!;

/** The page size when none is asked for, and the cap on larger ones: the spec's (30, and 300 in x-conform-cap). */
export const defaultPageSize = pageSizeParameter.schema.default as number;
export const maxPageSize = pageSizeParameter.cap!;

/**
 * The list query (the query string without "?") as the spec (specs/meeting-platform.openapi.yaml, compiled
 * by src/openapi) reads it: page_size defaults to 30 and larger values are capped at 300; an empty
 * parameter counts as absent; a page_size that is not a positive integer, or an unknown type, is a
 * validation error per field. Answers are remembered by query string: a client paging or polling sends
 * the same few again and again, and validating one anew was an eighth of a list request's CPU.
 */
export function parseListQuery(rawQuery: string): Readonly<ListQuery> | readonly FieldError[] {
  let parsed = remembered.get(rawQuery);
  if (parsed === undefined) {
    // Insertion order is age: past the cap the oldest half goes, so page tokens that change with every
    // page cannot grow the memo.
    if (remembered.size >= memoCap) for (const key of [...remembered.keys()].slice(0, memoCap / 2)) remembered.delete(key);
    remembered.set(rawQuery, (parsed = Object.freeze(readListQuery(new URLSearchParams(rawQuery)))));
  }
  return parsed;
}

const memoCap = 1024;
const remembered = new Map<string, Readonly<ListQuery> | readonly FieldError[]>();

function readListQuery(search: URLSearchParams): ListQuery | FieldError[] {
  const { violations, query } = validateRequest(listOperation, { method: 'GET', url: `/v2/users/me/meetings?${search}` });
  if (violations.length) return [...new Set(violations.map((v) => v.pointer.slice(1)))].map((field) => Object.freeze({ field, message: 'Invalid field.' }));
  return { pageSize: query.page_size as number, type: query.type as ListType, nextPageToken: (query.next_page_token as string | undefined) ?? '' };
}

interface Timed {
  start_time: string;
  duration: number;
  status: string;
}

/** Which meetings a list type shows at `now`: upcoming ones have not ended, previous ones have. */
export function inListType(meeting: Timed, type: ListType, now: number): boolean {
  if (type === 'scheduled') return true;
  if (type === 'live') return meeting.status === 'started';
  const end = Date.parse(meeting.start_time) + meeting.duration * 60_000;
  return type === 'previous_meetings' ? end < now : end >= now;
}

/** One page: the items at `offset`, and whether more follow. */
export function slicePage<T>(items: readonly T[], offset: number, pageSize: number): { page: T[]; nextOffset: number | null } {
  const page = items.slice(offset, offset + pageSize);
  const next = offset + pageSize;
  return { page, nextOffset: next < items.length ? next : null };
}
