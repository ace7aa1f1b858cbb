import { getResponse, http, type HttpHandler } from 'msw';
import type { MeetingPlatformMock } from '../../../mocks/meeting-platform/createMeetingPlatformMock.ts';

/**
 * Deliberately faulty meeting platforms, for proving the suite catches each fault: the correct mock with
 * one handler in front that bends one behaviour. Each names the clauses its fault breaks, all of them
 * and no more, and the checks it keeps from running, by the failed clause that blocks them, so the
 * project's tests can hold the suite to failing exactly there and blocking exactly that.
 */
export interface BrokenVariant {
  name: string;
  fault: string;
  breaks: string[];
  /** The clauses of the checks the fault blocks, by the failed clause that blocks them (none when absent). */
  blocks?: Record<string, string[]>;
  /** Generated requests per operation in the variant's run (default 0: the hand-written checks only). */
  fuzzRuns?: number;
  /**
   * Run the checks of this clause only (`--grep`): for a fault in state every file shares (a token store,
   * page tokens), which the suite's files, running side by side, would meet in no fixed order.
   */
  grep?: string;
  prepend(mock: MeetingPlatformMock): HttpHandler[];
}

export type Answer = (request: Request, mock: MeetingPlatformMock) => Promise<Response | undefined>;

/** One handler in front of the mock: `answer` returns a bent response, or undefined to let the mock answer. */
export const inFront = (answer: Answer) => (mock: MeetingPlatformMock) => [http.all(() => true, ({ request }) => answer(request, mock))];

/** The token endpoint itself (the servers the tests start keep the API apart, under /api). */
export const isToken = (r: Request) => new URL(r.url).pathname === '/oauth/token';
export const isList = (r: Request) => new URL(r.url).pathname.endsWith('/v2/users/me/meetings');
export const correct = (request: Request, mock: MeetingPlatformMock) => getResponse(mock.handlers, request);

function htmlError(status: number): Response {
  return new Response(`<!DOCTYPE html><html><body><h1>Error ${status}</h1></body></html>`, { status, headers: { 'content-type': 'text/html' } });
}

export async function rewriteJson(response: Response | undefined, edit: (body: Record<string, unknown>) => unknown): Promise<Response | undefined> {
  if (!response || !response.headers.get('content-type')?.includes('json')) return response;
  const body = (await response.json()) as Record<string, unknown>;
  return Response.json(edit(body), { status: response.status });
}

/** The same request with other query parameters. */
export function withQuery(request: Request, edit: (q: URLSearchParams) => void): Request {
  const url = new URL(request.url);
  edit(url.searchParams);
  return new Request(url, { headers: request.headers });
}

const neverEmpty = 'conform-broken-never-empty';

/** A meeting lookup bent by `answer`, given the identifier decoded once; undefined lets the mock answer. */
function meetingLookup(answer: (once: string) => Response | undefined) {
  return inFront(async (request) => {
    const path = new URL(request.url).pathname;
    const at = path.indexOf('/v2/meetings/');
    return at < 0 ? undefined : answer(decodeURIComponent(path.slice(at + '/v2/meetings/'.length)));
  });
}

const notFound = (identifier: string) => Response.json({ code: 3001, message: `Meeting does not exist: ${identifier}.` }, { status: 404 });

export const brokenVariants: BrokenVariant[] = [
  {
    name: 'empty-token',
    fault: 'the token endpoint answers every request with 200 and {}',
    // Each token clause fails on its own, and so do the generated token requests; everything that
    // needs an access token is blocked by MP-TOKEN-FLOW, not failed.
    // (MP-TOKEN-ERROR-CODES has no refusal to judge: skipped.)
    breaks: [
      'MP-TOKEN-FLOW', 'MP-TOKEN-FIELDS', 'MP-TOKEN-QUERY-FIELDS', 'MP-TOKEN-OPEN', 'MP-TOKEN-CONTENT-TYPE', 'MP-TOKEN-INVALID-CLIENT', 'MP-TOKEN-WRONG-FLOW',
      'MP-TOKEN-ACCOUNT-REQUIRED', 'MP-TOKEN-ACCOUNT-EXACT', 'MP-TOKEN-ERRORS-JSON', 'MP-TOKEN-METHOD', 'MP-SPEC-RESPONSE', 'MP-FUZZ-POSITIVE', 'MP-FUZZ-NEGATIVE',
    ],
    blocks: {
      'MP-TOKEN-FLOW': [
        'MP-ME-200', 'MP-API-NEAR-MISS', 'MP-JSON-ONLY', 'MP-API-ERROR-BODY', 'MP-MEETINGS-LIST', 'MP-PAGINATION-PAGE-SIZE', 'MP-PAGINATION-EXACTLY-ONCE', 'MP-PAGINATION-REPEATABLE',
        'MP-PAGINATION-TOTAL', 'MP-PAGINATION-END', 'MP-JOIN-URL', 'MP-JOIN-URL-HTTPS', 'MP-MEETING-BY-ID', 'MP-ID-ENCODING', 'MP-SPEC-RESPONSE', 'MP-FUZZ-NO-5XX',
        'MP-FUZZ-POSITIVE', 'MP-FUZZ-NEGATIVE', 'MP-FUZZ-LINKS',
      ],
    },
    fuzzRuns: 5,
    prepend: inFront(async (request) => (isToken(request) ? Response.json({}) : undefined)),
  },
  {
    name: 'html-token-errors',
    fault: 'the token endpoint answers failures with an HTML page',
    // Still refusals (4xx, no token): what breaks is their form, the form of the open requests' refusals, and their codes.
    breaks: ['MP-TOKEN-OPEN', 'MP-TOKEN-ERROR-CODES', 'MP-TOKEN-ERRORS-JSON', 'MP-SPEC-RESPONSE'],
    prepend: inFront(async (request, mock) => {
      if (!isToken(request)) return undefined;
      const response = await correct(request, mock);
      return response && response.status >= 400 ? htmlError(response.status) : response;
    }),
  },
  {
    name: 'html-api-errors',
    fault: 'the API answers errors with an HTML page',
    // Still 401s where 401s are due (MP-API-401): what breaks is their form.
    breaks: ['MP-JSON-ONLY', 'MP-API-ERROR-BODY', 'MP-SPEC-RESPONSE'],
    prepend: inFront(async (request, mock) => {
      if (isToken(request)) return undefined;
      const response = await correct(request, mock);
      return response && response.status >= 400 ? htmlError(response.status) : response;
    }),
  },
  {
    name: 'duplicate-across-pages',
    fault: 'each next_page_token points one meeting back, so the last of a page opens the next one again',
    breaks: ['MP-PAGINATION-EXACTLY-ONCE'],
    prepend: inFront(async (request, mock) => {
      const size = Number(new URL(request.url).searchParams.get('page_size') ?? 30);
      if (!isList(request) || !(size > 1)) return undefined;
      const shorter = await correct(withQuery(request, (q) => q.set('page_size', String(size - 1))), mock);
      const token = shorter?.ok ? ((await shorter.json()) as { next_page_token?: unknown }).next_page_token : undefined;
      return rewriteJson(await correct(request, mock), (body) => ({ ...body, next_page_token: token ?? body.next_page_token }));
    }),
  },
  {
    name: 'token-never-empty',
    fault: 'next_page_token is never empty: past the last page come empty pages with the same token',
    breaks: ['MP-PAGINATION-END'],
    prepend: inFront(async (request, mock) => {
      if (!isList(request)) return undefined;
      if (new URL(request.url).searchParams.get('next_page_token') === neverEmpty) {
        const first = await rewriteJson(await correct(withQuery(request, (q) => q.delete('next_page_token')), mock), (body) => ({ ...body, meetings: [], next_page_token: neverEmpty }));
        return first;
      }
      return rewriteJson(await correct(request, mock), (body) => ({ ...body, next_page_token: body.next_page_token || neverEmpty }));
    }),
  },
  {
    name: 'page-size-ignored',
    fault: 'page_size is ignored: every page holds the default 30',
    breaks: ['MP-PAGINATION-PAGE-SIZE'],
    prepend: inFront(async (request, mock) => (isList(request) ? correct(withQuery(request, (q) => q.delete('page_size')), mock) : undefined)),
  },
  {
    name: 'http-join-url',
    fault: 'join_url is an http link, in the list, by id and by UUID',
    // Still a link for a browser (MP-JOIN-URL): not https is a warning.
    breaks: ['MP-JOIN-URL-HTTPS'],
    prepend: inFront(async (request, mock) => {
      if (isToken(request)) return undefined;
      const toHttp = (m: unknown) => (m && typeof m === 'object' && 'join_url' in m ? { ...m, join_url: String(m.join_url).replace(/^https:/, 'http:') } : m);
      return rewriteJson(await correct(request, mock), (body) => (Array.isArray(body.meetings) ? { ...body, meetings: body.meetings.map(toHttp) } : toHttp(body)));
    }),
  },
  {
    name: 'single-decoding',
    fault: 'meeting identifiers are decoded once only, so a double-encoded UUID is looked up still encoded',
    breaks: ['MP-ID-ENCODING'],
    prepend: meetingLookup((once) => (once.includes('%') ? notFound(once) : undefined)),
  },
  {
    name: 'plus-as-space',
    fault: 'the meeting lookup decodes its identifier as a form the second time, so a "+" in a UUID becomes a space',
    breaks: ['MP-ID-ENCODING'],
    // What URLSearchParams does to a value: "+" is a space, then percent-decoding.
    prepend: meetingLookup((once) => (once.includes('+') ? notFound(new URLSearchParams(`v=${once}`).get('v') ?? once) : undefined)),
  },
  {
    name: 'grant-type-ignored',
    fault: 'the token endpoint issues a token whatever grant_type says',
    breaks: ['MP-TOKEN-WRONG-FLOW'],
    prepend: inFront(async (request, mock) => {
      if (!isToken(request) || request.method !== 'POST') return undefined;
      const form = new URLSearchParams(await request.text());
      if (form.has('grant_type')) form.set('grant_type', 'account_credentials');
      return correct(new Request(request.url, { method: 'POST', headers: request.headers, body: form.toString() }), mock);
    }),
  },
  {
    name: 'page-two-unavailable',
    fault: 'page 2 of the first walk answers 503; every other request, that page asked again included, is answered right',
    // MP-MEETINGS-LIST fails on that page (and the spec does not document a 503); the checks that judge
    // the walk whole, or need its page 2, are blocked by it, saying the page answered 503: not skipped as
    // a list of one page, nor failed as a gap in the pages.
    breaks: ['MP-MEETINGS-LIST', 'MP-SPEC-RESPONSE'],
    blocks: { 'MP-MEETINGS-LIST': ['MP-PAGINATION-EXACTLY-ONCE', 'MP-PAGINATION-REPEATABLE'] },
    prepend: (mock) => {
      let failed = false;
      return inFront(async (request) => {
        const query = new URL(request.url).searchParams;
        if (failed || !isList(request) || query.get('page_size') !== '10' || !query.get('next_page_token') || query.get('next_page_token')!.startsWith('conform-')) return undefined;
        failed = true;
        return Response.json({ code: 503, message: 'Service temporarily unavailable. Try again later.' }, { status: 503 });
      })(mock);
    },
  },
  {
    name: 'auth-not-enforced',
    fault: '/v2/users/me answers without a token',
    // With no Authorization header at all, the token in the query string is answered too.
    breaks: ['MP-API-401', 'MP-API-NEAR-MISS'],
    prepend: inFront(async (request, mock) => {
      if (!new URL(request.url).pathname.endsWith('/v2/users/me') || request.headers.has('authorization')) return undefined;
      const owner = mock.state.user(mock.accounts[0]!.userId);
      return Response.json(owner ? { ...owner } : {}, { status: 200 });
    }),
  },
  {
    name: 'user-fields-off-spec',
    fault: '/v2/users/me gives type as a string and created_at in a form that is not RFC 3339, fields no other check reads',
    breaks: ['MP-SPEC-RESPONSE'],
    prepend: inFront(async (request, mock) => {
      if (!new URL(request.url).pathname.endsWith('/v2/users/me')) return undefined;
      return rewriteJson(await correct(request, mock), (body) => (body.id ? { ...body, type: String(body.type), created_at: '2024/01/02 10:00' } : body));
    }),
  },
];
