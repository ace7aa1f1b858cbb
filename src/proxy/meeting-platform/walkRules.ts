import type { ClientCase } from '../../client/ClientCase.ts';
import { GenerationalMap } from '../../client/GenerationalMap.ts';
import { meetingIdentity } from '../../rules/meeting-platform/answerProblems.ts';

/** A walk of the meeting list an app is making: the pages it asked for, following next_page_token from a first page. */
export interface Walk {
  /** Pages of it answered, asked again ones aside. */
  pages: number;
  /** Pages it may take: ceil(total_records / page_size) of its first page, and one to spare (the suite's budget). */
  budget: number;
  /** total_records of its first page. */
  total: unknown;
  /** Each meeting seen, by identity, and the page it was on. */
  seen: Map<string, number>;
  /** A meeting was on two pages. */
  repeated: boolean;
  /** The request its first page answered: path and query less next_page_token. A token continues it on this list alone. */
  list: string;
  /** The next_page_tokens it was given: the page that gave each, and when. */
  given: Map<string, { page: number; at: number }>;
  /** The meetings each page held, by the next_page_token that asked for it: a page asked again is compared with them. */
  answered: Map<string, string[]>;
  /** When its last page came with a next_page_token not asked for yet: the walk is in progress. */
  waitingSince?: number;
}

/** The walks an app is making: by the next_page_token that continues each, and those in progress. */
export interface Walks {
  byToken: GenerationalMap<string, Walk>;
  /** Walks waiting on their next page, oldest first, bounded as byToken is. */
  open: Set<Walk>;
}

/** Walks followed at once, by the token they wait on; past this the oldest are forgotten (an app that walks and stops). */
const walksFollowed = 256;
/** Meetings, and pages, remembered per walk: a larger account is judged on its first ones. */
const meetingsPerWalk = 50_000;
const pagesPerWalk = 1_000;

export function newWalks(): Walks {
  return { byToken: new GenerationalMap(walksFollowed), open: new Set() };
}

/** The walks in progress at `now`: waiting on a next page whose token has not expired. */
export function walksInProgress(walks: Walks, now: number, lifetimeMs: number): number {
  let n = 0;
  for (const walk of walks.open) if (walk.waitingSince !== undefined && now - walk.waitingSince <= lifetimeMs) n++;
  return n;
}

/** The platform's page size when page_size is absent (the real platform's and the mock's default). */
const defaultPageSize = 30;

/** The page size a list request asks for, as the platform takes it (1 to 300, larger taken as 300), or undefined when it asks for none the platform would honour. */
export function askedPageSize(query: URLSearchParams): number | undefined {
  const text = query.get('page_size');
  if (text === null || text === '') return undefined;
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) return undefined;
  return Math.min(Number(text), 300);
}

export interface ListPage {
  /** The next_page_token the request sent ("" for a first page). */
  asked: string;
  /** The request's path and query less next_page_token (listOf). */
  list: string;
  /** When the answer came. */
  at: number;
  query: URLSearchParams;
  meetings: Array<Record<string, unknown>>;
  totalRecords: unknown;
  nextPageToken: unknown;
}

/**
 * The pagination clauses judged on one page of the meeting list (a 200 JSON page with a meetings array),
 * against the walk it belongs to: no meeting on two pages of one walk and, once it ends, as many meetings
 * as total_records (MP-PAGINATION-EXACTLY-ONCE), the same total_records on every page
 * (MP-PAGINATION-TOTAL), an end within ceil(total_records / page_size) pages and one more, and no token
 * given twice (MP-PAGINATION-END), the same meetings when a page is asked again (MP-PAGINATION-REPEATABLE).
 * A page whose token no walk gave (one from before the proxy started) belongs to no walk: nothing to judge.
 */
export function judgeWalkPage(page: ListPage, walks: Walks): ClientCase[] {
  const walk = page.asked ? walks.byToken.get(page.asked) : newWalk(page);
  if (!walk) return [];
  const identities = page.meetings.map(meetingIdentity);
  const before = walk.answered.get(page.asked);
  if (before) return [repeatCase(before, identities)];
  if (walk.answered.size < pagesPerWalk) walk.answered.set(page.asked, identities);
  // Its next page came: in progress again only if this one gives a token to go on with.
  walks.open.delete(walk);
  walk.waitingSince = undefined;
  walk.pages++;
  const n = walk.pages;
  const cases: ClientCase[] = [];
  if (n === 1) walk.total = page.totalRecords;
  else {
    const fine = Number.isInteger(page.totalRecords) && page.totalRecords === walk.total;
    cases.push({
      clause: 'MP-PAGINATION-TOTAL',
      path: 'walk',
      ...(fine ? {} : Number.isInteger(page.totalRecords) ? { problem: `page ${n} of the walk said total_records ${String(page.totalRecords)} where page 1 said ${String(walk.total)}`, cause: 'total_records changed within a walk' } : { problem: `page ${n} of the walk said total_records ${JSON.stringify(page.totalRecords)}`, cause: 'no integer total_records' }),
    });
  }
  for (const id of identities) {
    const on = walk.seen.get(id);
    if (on !== undefined) {
      walk.repeated = true;
      cases.push({ clause: 'MP-PAGINATION-EXACTLY-ONCE', path: 'walk', problem: `${id} on page ${n} of the walk, and on page ${on} before it`, cause: 'a meeting on more than one page of one walk' });
      continue;
    }
    if (walk.seen.size < meetingsPerWalk) walk.seen.set(id, n);
    cases.push({ clause: 'MP-PAGINATION-EXACTLY-ONCE', path: 'walk' });
  }
  const next = page.nextPageToken;
  if (next === '' || next === undefined || next === null) {
    cases.push({ clause: 'MP-PAGINATION-END', path: 'walk' });
    const total = walk.total;
    // Without a meeting repeated, a count other than total_records is a gap (or meetings that do not exist).
    if (Number.isInteger(total) && walk.seen.size !== total && !walk.repeated && walk.seen.size < meetingsPerWalk) {
      cases.push({ clause: 'MP-PAGINATION-EXACTLY-ONCE', path: 'walk', problem: `the walk ended on page ${n} with ${walk.seen.size} distinct meetings for total_records ${String(total)}`, cause: 'a walk visited another number of meetings than total_records' });
    }
    return cases;
  }
  if (typeof next !== 'string') return cases;
  const gave = walk.given.get(next);
  if (gave !== undefined) {
    cases.push({ clause: 'MP-PAGINATION-END', path: 'walk', problem: `page ${n} gave the next_page_token page ${gave.page} gave: the walk would never end`, cause: 'a next_page_token given again within one walk' });
    return cases;
  }
  if (n >= walk.budget) {
    cases.push({ clause: 'MP-PAGINATION-END', path: 'walk', problem: `next_page_token still not empty after ${n} pages for total_records ${String(walk.total)} at page_size ${String(askedPageSize(page.query) ?? defaultPageSize)}`, cause: 'more pages than ceil(total_records / page_size) with one to spare' });
    return cases;
  }
  walk.given.set(next, { page: n, at: page.at });
  walks.byToken.set(next, walk);
  walk.waitingSince = page.at;
  walks.open.add(walk);
  if (walks.open.size > walksFollowed) walks.open.delete(walks.open.values().next().value!);
  return cases;
}

function newWalk(first: ListPage): Walk {
  const size = askedPageSize(first.query) ?? defaultPageSize;
  const budget = Number.isInteger(first.totalRecords) ? Math.ceil((first.totalRecords as number) / size) + 1 : 2;
  return { pages: 0, budget, total: undefined, list: first.list, seen: new Map(), repeated: false, given: new Map(), answered: new Map() };
}

/** The request's path and query less next_page_token, the parameters sorted: what a walk's pages share. */
export function listOf(path: string, query: URLSearchParams): string {
  const rest = [...query].filter(([name]) => name !== 'next_page_token').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${new URLSearchParams(rest).toString()}`;
}

/** A list request with a next_page_token answered with no page. */
export interface RefusedPage {
  asked: string;
  list: string;
  status: number;
  /** When the answer came. */
  at: number;
  /** The answer, short: "400 code 300: The next page token is invalid or expired." */
  answered: string;
}

/** Statuses that speak of the call, not of the page token: its access token, its scope, its pace. */
const notAboutTheToken = new Set([401, 403, 408, 429]);

/**
 * A next_page_token a walk was given, sent back exactly as issued (the same token read from the query,
 * so encoded once) with the same path and query, within its lifetime, and refused with a 4xx: the
 * platform broke the walk, which can reach none of the meetings after that page
 * (MP-PAGINATION-EXACTLY-ONCE); refused when asked again, it is a page that could not be asked again
 * (MP-PAGINATION-REPEATABLE). A token no walk gave, or sent on another list or query, is the client's
 * matter (MP-CLIENT-PAGE-TOKEN); a 401, 403, 408 or 429 speaks of the call, and a 5xx is the deployment
 * failing, not refusing the token: neither is judged here.
 */
export function judgeRefusedToken(page: RefusedPage, walks: Walks, lifetimeMs: number): ClientCase[] {
  if (!page.asked || page.status < 400 || page.status >= 500 || notAboutTheToken.has(page.status)) return [];
  const walk = walks.byToken.get(page.asked);
  const given = walk?.given.get(page.asked);
  if (!walk || !given || walk.list !== page.list || page.at - given.at > lifetimeMs) return [];
  const token = page.asked.length > 80 ? `${page.asked.slice(0, 80)}…` : page.asked;
  const refused = `the platform refused the next_page_token "${token}" that page ${given.page} of the walk gave, sent back exactly as issued with the same query ${Math.round((page.at - given.at) / 1000)} s later: it answered ${page.answered}`;
  if (walk.answered.has(page.asked)) {
    return [{ clause: 'MP-PAGINATION-REPEATABLE', path: 'page-asked-again', problem: `${refused}, where it had answered the page before`, cause: 'a next_page_token the platform issued, refused when the page was asked again' }];
  }
  return [{ clause: 'MP-PAGINATION-EXACTLY-ONCE', path: 'walk', problem: `${refused}: the walk cannot reach the meetings after page ${given.page}`, cause: 'a next_page_token the platform issued, refused when sent back exactly as issued' }];
}

function repeatCase(before: readonly string[], now: readonly string[]): ClientCase {
  const same = before.length === now.length && before.every((id, i) => id === now[i]);
  return {
    clause: 'MP-PAGINATION-REPEATABLE',
    path: 'page-asked-again',
    ...(same ? {} : { problem: `the page asked again with the same next_page_token held [${now.join(', ')}] where its first answer held [${before.join(', ')}]`.slice(0, 600), cause: 'other meetings when a page was asked again' }),
  };
}
