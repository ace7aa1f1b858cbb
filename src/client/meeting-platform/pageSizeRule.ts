import type { ClientCase } from '../ClientCase.ts';
import type { MeetingRead } from './readMeetingExchange.ts';

/** An integer as a query value: decimal digits only (leading zeros are still an integer; a sign is not asked for). */
const integer = /^[0-9]+$/;

/** MP-CLIENT-PAGE-SIZE: page_size on the meeting list, when sent, is one integer in decimal digits. */
export function judgePageSize(read: MeetingRead): ClientCase | undefined {
  if (read.op !== 'meetings') return undefined;
  // The same query (one object for the same text, readMeetingExchange's queryOf) is judged the same.
  if (read.query !== lastQuery) {
    lastCase = pageSizeCase(read.query);
    lastQuery = read.query;
  }
  return lastCase;
}

// The query judged last, and its case (frozen: shared by every request that sent the same query).
let lastQuery: URLSearchParams | undefined;
let lastCase: ClientCase | undefined;

function pageSizeCase(query: URLSearchParams): ClientCase | undefined {
  if (!query.has('page_size')) return undefined;
  const c = { clause: 'MP-CLIENT-PAGE-SIZE', path: 'page-size', diagnosis: 'Send page_size as a whole number in decimal digits (page_size=30), once, or leave it out.' };
  // As the platform reads the query: a "+" is a space, %xx decoded.
  const values = query.getAll('page_size');
  if (values.length > 1) return Object.freeze({ ...c, problem: `page_size was sent ${values.length} times (${values.map((v) => JSON.stringify(v)).join(', ')}): it is one integer`, cause: 'page_size sent more than once' });
  const value = values[0]!;
  if (integer.test(value)) return Object.freeze(c);
  const shown = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return Object.freeze({ ...c, problem: value === '' ? 'page_size was empty: it is an integer' : `page_size was ${shown}, not an integer in decimal digits`, cause: value === '' ? 'an empty page_size' : 'a page_size that is not an integer' });
}
