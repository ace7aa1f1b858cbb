import fc from 'fast-check';
import pMap from 'p-map';
import { CheckBlocked } from '../../src/harness/suite-api/CheckBlocked.ts';
import { inFlightCap, sideBySide } from '../../src/harness/suite-api/inFlightCap.ts';
import { currentRedactor } from '../../src/harness/suite-api/currentRedactor.ts';
import type { ShownRequest } from '../../src/exchange/curlCommand.ts';
import { defaultConcurrency, type MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { exchange, type Exchange } from '../../src/meeting-platform/exchange.ts';
import { apiUrl } from '../../src/meeting-platform/platformRequests.ts';
import { shownRequest } from '../../src/meeting-platform/shownRequest.ts';
import { checkExchange } from '../../src/openapi/checkExchange.ts';
import type { CompiledOperation } from '../../src/openapi/CompiledOperation.ts';
import { encodeRequest } from '../../src/openapi/encodeRequest.ts';
import { findFailure, type FoundFailure } from '../../src/openapi/findFailure.ts';
import { followLink, linksOf } from '../../src/openapi/links.ts';
import { loadSpec } from '../../src/openapi/loadSpec.ts';
import { formatViolations } from '../../src/openapi/Violation.ts';
import { meetingPathEncoder } from './meetingFuzzBinding.ts';
import { sessionFor } from './platformSession.ts';

type Json = Record<string, unknown>;

/** Pages one walk may take; a real account with many meetings gets page sizes large enough for it. */
const maxPagesPerWalk = 50;
/** Meetings fetched one by one at most, by id and by UUID each. */
const maxMeetings = 200;

/** Page sizes the link walk tries for a --fuzz-runs budget: a walk costs many requests, so a fifth. */
export function linkRuns(runs: number): number {
  return runs === 0 ? 0 : Math.max(3, Math.ceil(runs / 5));
}

export interface LinkWalkFailure extends FoundFailure<number> {
  /** The walk at the minimal failing page size, page by page. */
  walkLog: string[];
  /** The request that went wrong, as a report shows it. */
  request?: ShownRequest;
}

/**
 * The stateful sequence the spec's links describe, as Schemathesis follows OpenAPI links: the token
 * (CurrentUser) to /users/me, on (MeetingList) to the meeting list, page after page (NextPage) with a
 * generated page_size, and from each listed meeting (MeetingById, MeetingByUuid) to the meeting itself.
 * Each GET is sent once per run (answers are kept), so many page sizes cost few requests.
 */
export class LinkWalk {
  readonly target: MeetingPlatformTarget;
  readonly #spec = loadSpec('meeting-platform');
  readonly #list: CompiledOperation = this.#spec.operation('listMeetings');
  readonly #meeting: CompiledOperation = this.#spec.operation('getMeeting');
  readonly #links = linksOf(this.#list);
  readonly #gets = new Map<string, Promise<Exchange>>();
  /** Requests in flight at once, the walks ahead's and the judged one's together: the run's --concurrency. */
  readonly #cap: <T>(task: () => Promise<T>) => Promise<T>;
  readonly #concurrency: number;
  #log: string[] = [];
  #failed?: ShownRequest;

  constructor(target: MeetingPlatformTarget, options: { concurrency?: number } = {}) {
    this.target = target;
    this.#concurrency = options.concurrency ?? defaultConcurrency;
    this.#cap = inFlightCap(this.#concurrency);
  }

  get requests(): number {
    return this.#gets.size;
  }

  /** `inOrder`: a page the walk waits on before its next (paced ahead of the independent requests). */
  async #get(path: string, signal?: AbortSignal, inOrder = false): Promise<Exchange> {
    let x = this.#gets.get(path);
    if (!x) {
      const token = await sessionFor(this.target).token();
      const limits = inOrder ? { ...this.target.limits, inOrder } : this.target.limits;
      const send = () => exchange(apiUrl(this.target.apiBaseUrl, path), { headers: { accept: 'application/json', authorization: `Bearer ${token}` }, generated: true, ...(signal ? { signal } : {}), limits });
      // A walk has one page in flight at most: its pages pass the cap, which holds the lookups and the walks' number.
      x = this.#gets.get(path) ?? (inOrder ? send() : this.#cap(send));
      this.#gets.set(path, x);
      x.catch(() => this.#gets.delete(path));
    }
    return x;
  }

  /** What is wrong with an answer the walk needs as a 200 of `operation`; undefined when it is one. */
  #wrong(operation: CompiledOperation, x: Exchange): string | undefined {
    const violations = checkExchange(operation, { status: x.status, headers: x.headers, body: x.bodyText });
    if (x.status !== 200) return `answered ${x.status}, not 200${violations.length ? `\n${formatViolations(violations)}` : ''}: ${x.bodyText.slice(0, 200)}`;
    return violations.length ? `the answer breaks the spec:\n${formatViolations(violations)}` : undefined;
  }

  #fail(state: WalkState, x: Exchange, problem: string): string {
    state.failed = shownRequest(x, currentRedactor(), this.target.credentials);
    return problem;
  }

  /**
   * token → /users/me, the start of every walk; a problem when the links cannot be followed from there.
   * Without a token (MP-TOKEN-FLOW) or a current user (MP-ME-200: /users/me answers no 200) there is no
   * walk to judge: a CheckBlocked by that clause.
   */
  async start(signal?: AbortSignal): Promise<string | undefined> {
    const me = await this.#get('/v2/users/me', signal);
    if (me.status !== 200) throw new CheckBlocked('MP-ME-200', `no current user to follow the links from: GET /v2/users/me with the token answered ${me.status}`);
    const wrong = this.#wrong(this.#spec.operation('getCurrentUser'), me);
    if (!wrong) return undefined;
    const state: WalkState = { log: [] };
    const problem = this.#fail(state, me, `GET /v2/users/me with the token (link CurrentUser) ${wrong}`);
    this.#failed = state.failed;
    return problem;
  }

  /** total_records of the list, read from one page of 300. */
  async total(signal?: AbortSignal): Promise<number | undefined> {
    const x = await this.#get(listPath({ page_size: '300' }), signal);
    const total = (x.json as Json | undefined)?.total_records;
    return typeof total === 'number' ? total : undefined;
  }

  /**
   * One walk at `pageSize`: every page 200 and conforming, at most pageSize meetings, the same
   * total_records, no meeting twice, none missing, an empty next_page_token at the end within
   * ceil(total / pageSize) pages; then each meeting by id and by UUID. Returns the first problem.
   */
  async walk(pageSize: number, signal?: AbortSignal): Promise<string | undefined> {
    const state: WalkState = { log: [] };
    const problem = await this.#walk(pageSize, signal, state);
    this.#log = state.log;
    this.#failed = state.failed;
    return problem;
  }

  /** One walk, its log and failing request kept in `state`: walks side by side keep theirs apart. */
  async #walk(pageSize: number, signal: AbortSignal | undefined, state: WalkState): Promise<string | undefined> {
    const nextPage = this.#links.get('NextPage')!;
    let query: Record<string, string> = { page_size: String(pageSize) };
    const seen = new Map<string, number>();
    const bodies: Json[] = [];
    let total: unknown;
    let budget = maxPagesPerWalk + 1;
    const tokens = new Set<string>();
    for (let page = 1; ; page++) {
      const path = listPath(query);
      const x = await this.#get(path, signal, true);
      const body = (x.json ?? {}) as Json;
      const meetings = Array.isArray(body.meetings) ? (body.meetings as Json[]) : [];
      state.log.push(`page ${page}: GET ${path} → ${x.status}, ${meetings.length} meetings, total_records ${JSON.stringify(body.total_records)}, next_page_token ${JSON.stringify(body.next_page_token)}`);
      const wrong = this.#wrong(this.#list, x);
      if (wrong) return this.#fail(state, x, `page ${page} of page_size=${pageSize} (GET ${path}) ${wrong}`);
      if (meetings.length > pageSize) return this.#fail(state, x, `page ${page} holds ${meetings.length} meetings, more than page_size=${pageSize}`);
      if (page === 1) {
        total = body.total_records;
        if (typeof total === 'number') budget = Math.ceil(total / pageSize) + 1;
      } else if (body.total_records !== total) {
        return this.#fail(state, x, `page ${page} states total_records ${JSON.stringify(body.total_records)}, page 1 stated ${JSON.stringify(total)}`);
      }
      for (const m of meetings) seen.set(identity(m), (seen.get(identity(m)) ?? 0) + 1);
      bodies.push(body);
      const next = followLink(nextPage, { requestQuery: query, responseBody: body })[0] ?? {};
      const token = next.next_page_token;
      if (typeof token !== 'string' || token === '') break;
      if (tokens.has(token)) return this.#fail(state, x, `next_page_token repeats on page ${page}: the walk would never end`);
      if (page >= budget) return this.#fail(state, x, `next_page_token is still not empty after ${page} pages of ${pageSize} for total_records ${JSON.stringify(total)}`);
      tokens.add(token);
      query = Object.fromEntries(Object.entries(next).map(([k, v]) => [k, String(v)]));
    }
    const twice = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    if (twice.length) return `with page_size=${pageSize} these meetings appear on more than one page: ${twice.slice(0, 5).join(', ')}`;
    if (seen.size !== total) return `with page_size=${pageSize} the walk visits ${seen.size} distinct meetings, total_records says ${JSON.stringify(total)}`;
    return this.#meetings(bodies, signal, state);
  }

  /** Each listed meeting by id (MeetingById) and by UUID (MeetingByUuid), answering that same meeting. */
  async #meetings(pages: Json[], signal: AbortSignal | undefined, state: WalkState): Promise<string | undefined> {
    const encode = meetingPathEncoder(this.#meeting);
    const requests: Array<{ link: string; field: string; value: unknown; path: string }> = [];
    for (const body of pages) {
      for (const name of ['MeetingById', 'MeetingByUuid']) {
        const link = this.#links.get(name)!;
        const field = link.parameters.meetingId!.split('/').pop()!;
        for (const params of followLink(link, { requestQuery: {}, responseBody: body })) {
          if (params.meetingId === undefined) continue;
          const request = { operationId: 'getMeeting', method: 'GET', pathParams: { meetingId: String(params.meetingId) }, rawPathParams: {}, query: [], headers: [], credentials: 'valid' as const };
          requests.push({ link: name, field, value: params.meetingId, path: encodeRequest(this.#meeting, request, encode).path });
        }
      }
    }
    const problems = await pMap(
      requests.slice(0, 2 * maxMeetings),
      async (r) => {
        const x = await this.#get(r.path, signal);
        const wrong = this.#wrong(this.#meeting, x) ?? ((x.json as Json | undefined)?.[r.field] === r.value ? undefined : `answered another meeting (${r.field} ${JSON.stringify((x.json as Json | undefined)?.[r.field])})`);
        return wrong ? { x, problem: `GET ${r.path} (link ${r.link}, ${r.field} ${JSON.stringify(r.value)}) ${wrong}` } : undefined;
      },
      // Side by side up to the run's --concurrency (the walk's cap holds them to it, the rate limit paces them).
      { concurrency: this.#concurrency },
    );
    const first = problems.find((p) => p !== undefined);
    state.log.push(`${Math.min(requests.length, 2 * maxMeetings)} meeting requests by id and by UUID`);
    return first ? this.#fail(state, first.x, first.problem) : undefined;
  }

  /** Walks at up to `runs` generated page sizes; the first failure comes back shrunk to the smallest page size. */
  async check(options: { seed: number; runs: number; signal?: AbortSignal; onTry?: (tried: { searched: number; shrinking: number }) => void }): Promise<{ tried: number; failure?: LinkWalkFailure; problem?: string }> {
    const problem = await this.start(options.signal);
    if (problem) return { tried: 0, problem };
    const total = await this.total(options.signal);
    const min = Math.max(1, Math.min(300, Math.ceil((total ?? 0) / maxPagesPerWalk)));
    // Spread evenly (fast-check would favour the smallest), mostly where the list spans several pages,
    // the two bounds besides.
    const paged = Math.max(min, Math.min(300, total ?? 300));
    const sizes = fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(min, 300) },
      { weight: 4, arbitrary: fc.noBias(fc.integer({ min, max: paged })) },
      { weight: 1, arbitrary: fc.noBias(fc.integer({ min, max: 300 })) },
    );
    // The page sizes fast-check will try are known (fc.sample with its seed gives them): their walks go out
    // ahead, side by side, each its own pages in order, and the judged walks, one after another, read their
    // kept answers. Shrinking, whose page sizes depend on the failure, walks one at a time.
    let judged = false;
    const upcoming = [...new Set(fc.sample(sizes, { seed: options.seed, numRuns: options.runs }))];
    const ahead = sideBySide(upcoming, this.#concurrency, async (n) => (judged || options.signal?.aborted ? undefined : this.#walk(n, options.signal, { log: [] }))).catch(() => undefined);
    let found: Awaited<ReturnType<typeof findFailure<number>>>;
    try {
      found = await findFailure(sizes, (n) => this.walk(n, options.signal), { seed: options.seed, runs: options.runs, maxShrinkTries: 60, ...(options.onTry ? { onTry: options.onTry } : {}) });
    } finally {
      judged = true;
      // None of its requests outlives the check.
      await ahead;
    }
    if (!found.failure) return { tried: found.runs };
    // Walk the minimal page size again (from the kept answers) for its log and failing request.
    await this.walk(found.failure.value, options.signal);
    return { tried: found.runs, failure: { ...found.failure, walkLog: this.#log, ...(this.#failed ? { request: this.#failed } : {}) } };
  }
}

/** One walk's log, page by page, and the request that went wrong in it. */
interface WalkState {
  log: string[];
  failed?: ShownRequest;
}

/** What identifies a meeting across pages: its UUID, else its id. */
function identity(m: Json): string {
  return typeof m.uuid === 'string' ? m.uuid : `id:${String(m.id)}`;
}

function listPath(query: Record<string, string>): string {
  return `/v2/users/me/meetings?${new URLSearchParams(query)}`;
}
