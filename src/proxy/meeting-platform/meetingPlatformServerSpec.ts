import type { ClientCase } from '../../client/ClientCase.ts';
import { GenerationalMap } from '../../client/GenerationalMap.ts';
import { meetingExchangeReader, type MeetingPlatformAddresses, type MeetingRead } from '../../client/meeting-platform/readMeetingExchange.ts';
import { judgeTokenBasic, judgeTokenForm } from '../../client/meeting-platform/tokenRequestRules.ts';
import { essenceOf } from '../../json/mediaType.ts';
import {
  apiErrorProblem,
  joinUrlHttpsProblem,
  joinUrlProblem,
  kindOf,
  listPageProblem,
  meetingIdentity,
  notJsonProblem,
  notRefusedCause,
  tokenErrorProblem,
  tokenFieldsProblem,
  tokenGrantProblem,
} from '../../rules/meeting-platform/answerProblems.ts';
import { encodeMeetingId, needsDoubleEncoding } from '../../meeting-platform/core/encodeMeetingId.ts';
import { field, readExchange, type Exchange } from '../../meeting-platform/exchange.ts';
import { loadSpec } from '../../openapi/loadSpec.ts';
import type { ObservedExchange } from '../ObservedExchange.ts';
import type { ServerJudgeSpec } from '../ServerJudgeSpec.ts';
import { specResponseCase } from '../specResponseCase.ts';
import { answerCode } from '../../client/meeting-platform/bearerRule.ts';
import { pageTokenLifetimeMs } from '../../client/meeting-platform/pageTokenRules.ts';
import { judgeRefusedToken, judgeWalkPage, listOf, newWalks, askedPageSize, walksInProgress, type Walks } from './walkRules.ts';

interface MeetingServerState {
  /** Token requests of the seed's form answered 200 so far: the first is MP-TOKEN-FLOW's "first" path. */
  grants: number;
  /** Meeting ids (numeric, as text) and UUIDs the list gave, for the lookups that must find them. */
  listed: GenerationalMap<string, true>;
  walks: Walks;
  /** The refusal clauses whose control the traffic has shown (an API call with a token served, for MP-API-401). */
  controls: Set<string>;
}

/** Identifiers of listed meetings remembered; past this the oldest are forgotten (and their lookups not judged). */
const listedCap = 20_000;

type ApiOperation = 'user' | 'meetings' | 'meeting';
const operationWords: Record<ApiOperation, string> = { user: 'the current user', meetings: 'the meeting list', meeting: 'a meeting' };
/** The clause paths (specs/meeting-platform.paths.json) each operation is on. */
const operationPath: Record<ApiOperation, string> = { user: 'me', meetings: 'list', meeting: 'meeting' };

const clauses = {
  'MP-TOKEN-FLOW': { title: "a token request of the seed's form answered 200 holds an access token of type bearer", of: 'tokens granted', failed: 'held no access_token of type bearer', idle: "no token request of the seed's form (POST, HTTP Basic, the account-credentials form) was answered 200" },
  'MP-TOKEN-FIELDS': { title: 'a token response states expires_in and scope', of: 'token responses', failed: 'did not state expires_in as a positive integer and scope as a string', idle: 'no token request was answered 200 with JSON' },
  'MP-TOKEN-ERRORS-JSON': { title: 'token endpoint failures are JSON with an error code, never HTML or a redirect', of: 'failed token requests', failed: 'did not answer with a JSON body carrying an "error" code', idle: 'no token request failed' },
  'MP-API-401': { title: 'an API call without a token is refused with 401', of: 'API calls without a token', failed: 'were not refused with 401', idle: 'every API call carried a token', control: 'no API call with a token was answered 200, so nothing showed the platform serving the calls whose token-less twins it refused' },
  'MP-JSON-ONLY': { title: 'every API answer, errors included, is JSON', of: 'API answers', failed: 'were not JSON', idle: 'no API call (the current user, the meeting list, a meeting) was answered' },
  'MP-API-ERROR-BODY': { title: 'API errors carry a numeric code and a message', of: 'API error answers', failed: 'lack a numeric code and a message', idle: 'no API call was answered with an error' },
  'MP-MEETINGS-LIST': { title: 'a 200 meeting list page holds meetings, total_records and next_page_token', of: 'list pages', failed: 'were not 200 JSON with meetings, total_records and next_page_token', idle: 'no meeting list request was answered 200' },
  'MP-PAGINATION-PAGE-SIZE': { title: 'no page holds more meetings than the page_size asked for', of: 'pages', failed: 'held more meetings than the page_size asked for', idle: 'no list page asked for a page_size' },
  'MP-PAGINATION-EXACTLY-ONCE': { title: "no meeting is on two pages of one walk, and a walk's meetings are as many as total_records", of: 'meetings on the pages of a walk', failed: 'were not visited exactly once', idle: 'no walk of the meeting list from its first page' },
  'MP-PAGINATION-REPEATABLE': { title: 'a page asked again with the same next_page_token holds the same meetings', of: 'pages asked again', failed: 'did not hold the same meetings', idle: 'no page was asked again with the same next_page_token' },
  'MP-PAGINATION-TOTAL': { title: 'total_records is the same on every page of a walk', of: 'later pages', failed: "did not state the same integer total_records as their walk's first page", idle: 'no walk went past its first page' },
  'MP-PAGINATION-END': { title: 'a walk ends with an empty next_page_token in time, no token given twice', of: 'walks', failed: 'did not end with an empty next_page_token in time', idle: 'no walk ended, or went on past its pages' },
  'MP-JOIN-URL': { title: "every meeting's join_url is an absolute browser link", of: 'meetings', failed: 'have no absolute http(s) join_url for a browser', idle: 'no meeting came in an answer' },
  'MP-JOIN-URL-HTTPS': { title: "every meeting's join_url is https", of: 'meetings', failed: 'have a join_url that is not https', idle: 'no meeting came in an answer' },
  'MP-MEETING-BY-ID': { title: 'a listed meeting fetched by its numeric id is found, the same meeting', of: 'listed meetings fetched by id', failed: 'could not be fetched by their numeric id', idle: 'no listed meeting was fetched by its numeric id' },
  'MP-ID-ENCODING': { title: 'a listed meeting fetched by its UUID, encoded as the rule says, is found', of: 'listed meetings fetched by UUID', failed: 'could not be fetched by UUID', idle: 'no listed meeting was fetched by its UUID encoded as the rule says' },
  'MP-SPEC-RESPONSE': { title: 'every answer is one the spec documents (status, JSON, body schema)', of: 'answers', failed: 'are not ones meeting-platform.openapi.yaml documents', idle: "no token request of the seed's form and no API call was answered" },
};

/** The answer as the suite's rules read one: JSON, HTML or other. */
function exchangeOf(r: MeetingRead): Exchange {
  const { request, answer, receivedAt, answeredAt } = r.x;
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    try {
      headers.append(name, value);
    } catch {
      // A value the WHATWG Headers refuses (a control character): left out, as boundedRequest leaves it.
    }
  }
  const url = `${request.origin}${request.path}${request.query ? `?${request.query}` : ''}`;
  return readExchange(request.method, url, { status: answer.status, headers, body: Buffer.from(answer.body, 'utf8') }, answeredAt - receivedAt, {});
}

/** The token request the seed shows: a POST, HTTP Basic, the account-credentials form. */
function isSeedForm(r: MeetingRead): boolean {
  return r.x.request.method === 'POST' && judgeTokenBasic(r).problem === undefined && judgeTokenForm(r).problem === undefined;
}

/** A problem's text with the access token an answer hands out named, never shown. */
function namingToken(x: Exchange, text: string): string {
  const token = field(x, 'access_token');
  return typeof token === 'string' && token.length >= 8 ? text.split(token).join('$ACCESS_TOKEN') : text;
}

function tokenCases(r: MeetingRead, x: Exchange, state: MeetingServerState, specPath: string): ClientCase[] {
  const cases: ClientCase[] = [];
  const { request } = r.x;
  // The token requests the spec documents: a POST with a form body (as the suite logs them).
  if (request.method === 'POST' && essenceOf(request.headers['content-type']) === 'application/x-www-form-urlencoded') {
    const c = specResponseCase(loadSpec('meeting-platform'), 'MP-SPEC-RESPONSE', 'token', { method: request.method, path: specPath }, r.x.answer);
    if (c) cases.push(c.problem ? { ...c, problem: namingToken(x, c.problem) } : c);
  }
  if (x.status === 200 && isSeedForm(r)) {
    const grant = tokenGrantProblem(x);
    cases.push({ clause: 'MP-TOKEN-FLOW', path: state.grants++ === 0 ? 'first' : 'repeated', ...(grant ? { problem: `200 ${kindOf(x)}: ${grant}`, cause: grant } : {}) });
  }
  if (x.status === 200 && x.isJson) {
    const fields = tokenFieldsProblem(x);
    cases.push({ clause: 'MP-TOKEN-FIELDS', path: 'granted', ...(fields ? { problem: fields, cause: fields.replace(/; got .*$/, '') } : {}) });
  }
  if (x.status >= 300) cases.push({ clause: 'MP-TOKEN-ERRORS-JSON', path: 'failure', ...tokenErrorProblem(x) });
  return cases;
}

function apiCases(r: MeetingRead, op: ApiOperation, x: Exchange, state: MeetingServerState, specPath: string): ClientCase[] {
  const cases: ClientCase[] = [];
  const where = operationPath[op];
  const error = x.status >= 400;
  const spec = specResponseCase(loadSpec('meeting-platform'), 'MP-SPEC-RESPONSE', error ? 'api-errors' : op === 'user' ? 'users-me' : 'meetings', { method: r.x.request.method, path: specPath }, r.x.answer);
  if (spec) cases.push(spec);
  cases.push({ clause: 'MP-JSON-ONLY', path: `${where}-${error ? 'error' : 'success'}`, ...notJsonProblem(x) });
  if (error) cases.push({ clause: 'MP-API-ERROR-BODY', path: `${where}-error`, ...apiErrorProblem(x) });
  // A call with a token served is what the refusal of one without is proven by.
  if (r.auth && x.status === 200) state.controls.add('MP-API-401');
  // Without any token (a rate limit says nothing of it): the platform must refuse.
  if (!r.auth && !r.query.has('access_token') && x.status !== 429) {
    const cause = notRefusedCause(x, operationWords[op]);
    cases.push({ clause: 'MP-API-401', path: `${where}-no-token`, ...(cause ? { problem: `${x.status} with ${kindOf(x)}`, cause } : {}) });
  }
  if (op === 'meetings') cases.push(...listCases(r, x, state));
  if (op === 'meeting') cases.push(...meetingCases(r, x, state));
  return cases;
}

function listCases(r: MeetingRead, x: Exchange, state: MeetingServerState): ClientCase[] {
  const asked = r.query.get('next_page_token') ?? '';
  const list = listOf(r.x.request.path, r.query);
  if (x.status !== 200) return judgeRefusedToken({ asked, list, status: x.status, at: r.x.answeredAt, answered: `${x.status}${answerCode(r)}` }, state.walks, pageTokenLifetimeMs);
  const size = askedPageSize(r.query);
  const listPath = asked ? 'later-pages' : r.query.has('page_size') ? 'first-page' : 'default-page-size';
  const cases: ClientCase[] = [{ clause: 'MP-MEETINGS-LIST', path: listPath, ...listPageProblem(x) }];
  const meetings = field(x, 'meetings');
  if (!x.isJson || !Array.isArray(meetings)) return cases;
  const items = meetings.filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null && !Array.isArray(m));
  if (size !== undefined) {
    cases.push({ clause: 'MP-PAGINATION-PAGE-SIZE', path: size === 1 ? 'page-size-1' : 'walk', ...(meetings.length > size ? { problem: `${meetings.length} meetings at page_size=${size}`, cause: 'more meetings than page_size' } : {}) });
  }
  for (const m of items) {
    if (typeof m.id === 'number' || typeof m.id === 'string') state.listed.set(String(m.id), true);
    if (typeof m.uuid === 'string') state.listed.set(m.uuid, true);
    cases.push(...joinUrlCases(m, 'list', 'in the list'));
  }
  cases.push(...judgeWalkPage({ asked, list, at: r.x.answeredAt, query: r.query, meetings: items, totalRecords: field(x, 'total_records'), nextPageToken: field(x, 'next_page_token') }, state.walks));
  return cases;
}

function joinUrlCases(meeting: Record<string, unknown>, path: string, route: string): ClientCase[] {
  const shown = (problem: string | undefined) => (problem ? { problem: `${meetingIdentity(meeting)}: join_url ${JSON.stringify(meeting.join_url)}`, cause: `${problem} (${route})` } : {});
  return [
    { clause: 'MP-JOIN-URL', path, ...shown(joinUrlProblem(meeting.join_url)) },
    { clause: 'MP-JOIN-URL-HTTPS', path, ...shown(joinUrlHttpsProblem(meeting.join_url)) },
  ];
}

/**
 * A meeting fetched by an identifier: its join link, and, when the identifier is one the list gave and
 * it was sent as the rule says (the numeric id, a UUID encoded once or, starting with "/" or holding "//",
 * twice), whether the platform found that very meeting. A refusal of the call (401, 429, 5xx) says
 * nothing of the lookup; a UUID sent another way is the client's matter (MP-CLIENT-ID-ENCODING).
 */
function meetingCases(r: MeetingRead, x: Exchange, state: MeetingServerState): ClientCase[] {
  const raw = r.rawMeetingId;
  const id = r.params.meetingId;
  const cases: ClientCase[] = [];
  const byId = raw !== undefined && /^\d{1,19}$/.test(raw);
  if (x.status === 200 && x.isJson && typeof x.json === 'object' && x.json !== null && !Array.isArray(x.json)) {
    cases.push(...joinUrlCases(x.json as Record<string, unknown>, byId ? 'by-id' : 'by-uuid', byId ? 'GET /v2/meetings/{id}' : 'GET /v2/meetings/{uuid}'));
  }
  if (raw === undefined || id === undefined || !state.listed.has(id) || encodeMeetingId(id) !== raw) return cases;
  if (x.status !== 200 && x.status !== 404) return cases;
  const key = byId ? 'id' : 'uuid';
  const found = field(x, key);
  const same = x.status === 200 && x.isJson && String(found) === id;
  const clause = byId ? 'MP-MEETING-BY-ID' : 'MP-ID-ENCODING';
  const path = byId ? 'listed' : needsDoubleEncoding(id) ? 'encoded-twice' : 'encoded-once';
  if (same) return [...cases, { clause, path }];
  const problem = x.status === 404 ? `the listed meeting ${key} ${JSON.stringify(id)} answered 404${field(x, 'code') !== undefined ? ` code ${String(field(x, 'code'))}` : ''}` : `the listed meeting ${key} ${JSON.stringify(id)} answered 200 with ${key} ${JSON.stringify(found)}`;
  const cause = byId ? (x.status === 404 ? 'a listed meeting not found by its id' : 'another meeting than the one asked for') : needsDoubleEncoding(id) ? 'a listed UUID, encoded twice as the rule says, not found' : 'a listed UUID, encoded once as the rule says, not found';
  return [...cases, { clause, path, problem, cause }];
}

/** The meeting platform's server clauses judged from an app's traffic with a deployment. */
export function meetingPlatformServerSpec(addresses: MeetingPlatformAddresses): ServerJudgeSpec<MeetingServerState> {
  const read = meetingExchangeReader(addresses);
  const authPrefix = new URL(addresses.authUrl).pathname.replace(/\/+$/, '');
  const apiPrefix = new URL(addresses.apiBaseUrl).pathname.replace(/\/+$/, '');
  return {
    suite: 'meeting-platform',
    clauses,
    newState: () => ({ grants: 0, listed: new GenerationalMap(listedCap), walks: newWalks(), controls: new Set<string>() }),
    controlsShown: (state) => state.controls,
    pending(state, { now }) {
      const n = walksInProgress(state.walks, now, pageTokenLifetimeMs);
      if (!n) return [];
      const reason = `${n} walk${n === 1 ? '' : 's'} of the meeting list in progress (next_page_token given, its page not asked for yet): judged as each ends`;
      return ['MP-PAGINATION-EXACTLY-ONCE', 'MP-PAGINATION-END'].map((clause) => ({ clause, path: 'walk', reason }));
    },
    observe(exchange: ObservedExchange, state) {
      const r = read(exchange);
      const prefix = r.op === 'token' ? authPrefix : apiPrefix;
      const specPath = exchange.request.path.slice(prefix.length) || '/';
      if (exchange.noAnswer !== undefined) {
        if (r.op === 'other') return [];
        const path = r.op === 'token' ? 'token' : r.op === 'user' ? 'users-me' : 'meetings';
        return [{ clause: 'MP-SPEC-RESPONSE', path, problem: `no answer from the deployment: ${exchange.noAnswer} (the proxy answered the app 502)`, cause: 'no answer from the deployment' }];
      }
      const x = exchangeOf(r);
      if (r.op === 'token') return tokenCases(r, x, state, specPath);
      if (r.op === 'other' || r.x.request.method !== 'GET') return [];
      return apiCases(r, r.op, x, state, specPath);
    },
  };
}
