import { apiGet, apiCurl, type PlatformApi } from '../../src/meeting-platform/platformRequests.ts';
import { excerpt, field, summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';

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
  /**
   * What stopped it, at which page (1-based): an empty next_page_token (`ended`), a page that was no
   * 200 JSON page with a meetings array (`page-failed`), a next_page_token that is no string, one seen
   * before, or one still given past the page budget.
   */
  stop: { kind: 'ended' | 'page-failed' | 'token-not-string' | 'token-repeated' | 'over-budget'; page: number };
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
export async function walkMeetings(api: PlatformApi, token: string, pageSize: number, signal?: AbortSignal): Promise<Walk> {
  const walk: Walk = { pageSize, pages: [], meetings: [], ended: false, pageBudget: 2, stop: { kind: 'ended', page: 0 } };
  const tokensSeen = new Set<string>();
  let next: string | undefined;
  // Each page waits on the one before: paced ahead of the independent requests in line.
  const inOrder: PlatformApi = { ...api, limits: { ...api.limits, inOrder: true } };
  for (;;) {
    const path = listPath(pageSize, next);
    const exchange = await apiGet(inOrder, path, token, signal);
    const meetings = field(exchange, 'meetings');
    const page: WalkPage = {
      path,
      exchange,
      meetings: Array.isArray(meetings) ? (meetings as Array<Record<string, unknown>>) : [],
      totalRecords: field(exchange, 'total_records'),
      nextPageToken: field(exchange, 'next_page_token'),
    };
    walk.pages.push(page);
    const stopped = (kind: Walk['stop']['kind'], because?: string) => {
      walk.stop = { kind, page: walk.pages.length };
      if (because === undefined) walk.ended = true;
      else walk.stoppedBecause = because;
      return walk;
    };
    if (exchange.status !== 200 || !exchange.isJson || !Array.isArray(meetings)) {
      return stopped('page-failed', `page ${walk.pages.length} was not a 200 JSON page with a meetings array: ${summarize(exchange)}`);
    }
    walk.meetings.push(...page.meetings);
    if (walk.pages.length === 1 && typeof page.totalRecords === 'number') {
      walk.pageBudget = Math.ceil(page.totalRecords / pageSize) + 1;
    }
    if (page.nextPageToken === '' || page.nextPageToken === undefined || page.nextPageToken === null) return stopped('ended');
    if (typeof page.nextPageToken !== 'string') return stopped('token-not-string', `next_page_token on page ${walk.pages.length} is a ${typeof page.nextPageToken}, not a string`);
    if (tokensSeen.has(page.nextPageToken)) return stopped('token-repeated', `next_page_token repeated on page ${walk.pages.length}: the walk would never end`);
    if (walk.pages.length >= walk.pageBudget) {
      return stopped('over-budget', `next_page_token still not empty after ${walk.pages.length} pages of ${pageSize} for total_records ${String(walk.pages[0]?.totalRecords)}`);
    }
    tokensSeen.add(page.nextPageToken);
    next = page.nextPageToken;
  }
}

/**
 * Why a walk broke off before its end, in words chosen from the page that stopped it: a page that was no
 * list ("page 2 (GET …) answered 503 application/json: {…}"), or a next_page_token that is
 * no string. Undefined for a walk that ended (an empty next_page_token) or that went on too long (a
 * repeated token, past the page budget): those are walks to judge, not walks cut short.
 */
export function brokenOff(walk: Walk): string | undefined {
  const { kind, page } = walk.stop;
  const last = walk.pages[page - 1];
  if (!last || (kind !== 'page-failed' && kind !== 'token-not-string')) return undefined;
  const x = last.exchange;
  const where = `page ${page} (GET ${last.path})`;
  if (kind === 'token-not-string') return `${where} gave next_page_token ${JSON.stringify(last.nextPageToken)}, not a string: the walk could not go on`;
  const what = x.status !== 200 ? `answered ${x.status} ${x.contentType || 'without a content type'}` : !x.isJson ? `answered 200 ${x.contentType || 'without a content type'}, not JSON` : 'answered 200 JSON without a meetings array';
  return `${where} ${what}: ${excerpt(x.bodyText, 160)}`.replace(/: $/, '');
}

/**
 * Why a walk that ended on page 1 gave no page 2: its next_page_token, quoted ("" or absent). Only for a
 * walk that `ended` there; a walk cut short says so through brokenOff.
 */
export function onePageOnly(walk: Walk): string | undefined {
  if (walk.stop.kind !== 'ended' || walk.stop.page !== 1) return undefined;
  const token = walk.pages[0]!.nextPageToken;
  return `the list has one page only: page 1 at page_size=${walk.pageSize} gave next_page_token ${token === undefined ? '(absent)' : JSON.stringify(token)}`;
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
