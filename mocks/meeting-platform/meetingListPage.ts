import type { components, operations } from '../../src/generated/meeting-platform.ts';

type FieldError = components['schemas']['FieldError'];
type ListType = NonNullable<NonNullable<operations['listMeetings']['parameters']['query']>['type']>;

export const defaultPageSize = 30;
export const maxPageSize = 300;
export const listTypes: readonly ListType[] = ['scheduled', 'live', 'upcoming', 'upcoming_meetings', 'previous_meetings'];

export interface ListQuery {
  pageSize: number;
  type: ListType;
  nextPageToken: string;
}

/**
 * The list query as the platform reads it: page_size defaults to 30 and larger values are capped at
 * 300; a page_size that is not a positive integer, or an unknown type, is a validation error.
 */
export function parseListQuery(search: URLSearchParams): ListQuery | FieldError[] {
  const errors: FieldError[] = [];
  const rawSize = search.get('page_size');
  let pageSize = defaultPageSize;
  if (rawSize !== null && rawSize !== '') {
    if (/^\d+$/.test(rawSize) && Number(rawSize) >= 1) pageSize = Math.min(Number(rawSize), maxPageSize);
    else errors.push({ field: 'page_size', message: 'Invalid field.' });
  }
  const rawType = search.get('type') || 'scheduled';
  const type = listTypes.find((t) => t === rawType);
  if (!type) errors.push({ field: 'type', message: 'Invalid field.' });
  if (errors.length || !type) return errors;
  return { pageSize, type, nextPageToken: search.get('next_page_token') ?? '' };
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
