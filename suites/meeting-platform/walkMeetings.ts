import { apiGet, apiCurl } from '../../src/meeting-platform/platformRequests.ts';
import { field, summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';

export interface WalkPage {
  path: string;
  exchange: Exchange;
  meetings: Array<Record<string, unknown>>;
  totalRecords: unknown;
  nextPageToken: unknown;
}

/** Every page a client following next_page_token sees, and why the walk stopped. */
export interface Walk {
  pageSize: number;
  pages: WalkPage[];
  meetings: Array<Record<string, unknown>>;
  /** True when the last page's next_page_token was empty. */
  ended: boolean;
  /** Why the walk stopped without an empty token. */
  stoppedBecause?: string;
  /** Pages a walk may take: ceil(total_records / page_size), plus room to see one that overruns. */
  pageBudget: number;
}

export function listPath(pageSize: number, nextPageToken?: string): string {
  const query = new URLSearchParams({ page_size: String(pageSize) });
  if (nextPageToken) query.set('next_page_token', nextPageToken);
  return `/v2/users/me/meetings?${query}`;
}

/**
 * Follows next_page_token from the first page as a client would, stopping on an empty token, on an
 * answer that is not a 200 JSON page, on a token seen before, or past the page budget (a platform whose
 * token never empties would otherwise keep the walk going forever).
 */
export async function walkMeetings(apiBaseUrl: string, token: string, pageSize: number, signal?: AbortSignal): Promise<Walk> {
  const walk: Walk = { pageSize, pages: [], meetings: [], ended: false, pageBudget: 2 };
  const tokensSeen = new Set<string>();
  let next: string | undefined;
  for (;;) {
    const path = listPath(pageSize, next);
    const exchange = await apiGet(apiBaseUrl, path, token, signal);
    const meetings = field(exchange, 'meetings');
    const page: WalkPage = {
      path,
      exchange,
      meetings: Array.isArray(meetings) ? (meetings as Array<Record<string, unknown>>) : [],
      totalRecords: field(exchange, 'total_records'),
      nextPageToken: field(exchange, 'next_page_token'),
    };
    walk.pages.push(page);
    if (exchange.status !== 200 || !exchange.isJson || !Array.isArray(meetings)) {
      walk.stoppedBecause = `page ${walk.pages.length} was not a 200 JSON page with a meetings array: ${summarize(exchange)}`;
      return walk;
    }
    walk.meetings.push(...page.meetings);
    if (walk.pages.length === 1 && typeof page.totalRecords === 'number') {
      walk.pageBudget = Math.ceil(page.totalRecords / pageSize) + 1;
    }
    if (page.nextPageToken === '' || page.nextPageToken === undefined || page.nextPageToken === null) {
      walk.ended = true;
      return walk;
    }
    if (typeof page.nextPageToken !== 'string') {
      walk.stoppedBecause = `next_page_token is a ${typeof page.nextPageToken}, not a string`;
      return walk;
    }
    if (tokensSeen.has(page.nextPageToken)) {
      walk.stoppedBecause = `next_page_token repeated on page ${walk.pages.length}: the walk would never end`;
      return walk;
    }
    if (walk.pages.length >= walk.pageBudget) {
      walk.stoppedBecause = `next_page_token still not empty after ${walk.pages.length} pages of ${pageSize} for total_records ${String(walk.pages[0]?.totalRecords)}`;
      return walk;
    }
    tokensSeen.add(page.nextPageToken);
    next = page.nextPageToken;
  }
}

/** The walk's pages as evidence: each request, its status, count and token. */
export function walkEvidence(walk: Walk): string {
  return walk.pages
    .map((p, i) => `page ${i + 1}: GET ${p.path} → ${p.exchange.status}, ${p.meetings.length} meetings, total_records ${JSON.stringify(p.totalRecords)}, next_page_token ${JSON.stringify(p.nextPageToken)}`)
    .join('\n');
}

export function walkReproduction(apiBaseUrl: string, pageSize: number): string {
  return `${apiCurl(apiBaseUrl, listPath(pageSize))}   # then again with &next_page_token=<the answer's next_page_token> until it is empty`;
}
