import { PathPattern } from '../../openapi/PathPattern.ts';
import type { ClientExchange, ClientRequest } from '../ClientExchange.ts';
import { sameRequest } from '../sameRequest.ts';
import { answerJson } from '../parseJson.ts';

/** Which of the platform's operations a request is for; `other` when it is none of them (a wrong address, a method they do not take). */
export type MeetingOperation = 'token' | 'user' | 'meetings' | 'meeting' | 'other';

/** An exchange with the meeting platform as its client rules read it. */
export interface MeetingRead {
  x: ClientExchange;
  op: MeetingOperation;
  /** The path parameters as the platform reads them: decoded by its gateway and again by the service. */
  params: Record<string, string>;
  /** The meeting identifier as it was sent in the path, still encoded (GET /v2/meetings/{meetingId}). */
  rawMeetingId?: string;
  /** The query as the platform reads it (a form: "+" is a space); shared with other reads, not to be changed. */
  query: URLSearchParams;
  /**
   * The request of the exchange read before, when this one was sent alike (sameRequest): rules that read
   * the request alone judge it as they judged that one. Compared once here, not by each rule.
   */
  sameAs: ClientRequest | undefined;
  /** The Authorization header: its scheme as sent, and what follows it. */
  auth?: { scheme: string; credentials: string };
  /** The answer's body as JSON, when it is JSON. */
  answer: unknown;
  /** The platform's addresses, for reproductions and for naming the operation a stray request was meant for. */
  authUrl: string;
  apiBaseUrl: string;
}

/** The platform's addresses as the judge matches requests against them. */
export interface MeetingPlatformAddresses {
  /** Where the token endpoint lives: POST {authUrl}/oauth/token. */
  authUrl: string;
  /** Where /v2 lives (may have a path prefix). */
  apiBaseUrl: string;
}

// Behind the gateway, which decodes paths once, as the platform (and its mock) route them.
const gateway = { decodeOnce: true };

/** The reader of one platform's exchanges: its token endpoint and API operations, matched as the platform routes them. */
export function meetingExchangeReader({ authUrl, apiBaseUrl }: MeetingPlatformAddresses): (x: ClientExchange) => MeetingRead {
  const auth = new URL(authUrl);
  const api = new URL(apiBaseUrl);
  const authPrefix = auth.pathname.replace(/\/+$/, '');
  const apiPrefix = api.pathname.replace(/\/+$/, '');
  const token = new PathPattern(`${authPrefix}/oauth/token`, gateway);
  const routes: Array<[MeetingOperation, PathPattern]> = [
    ['user', new PathPattern(`${apiPrefix}/v2/users/:userId`, gateway)],
    ['meetings', new PathPattern(`${apiPrefix}/v2/users/:userId/meetings`, gateway)],
    ['meeting', new PathPattern(`${apiPrefix}/v2/meetings/:meetingId+`, gateway)],
  ];
  const meetingPrefix = `${apiPrefix}/v2/meetings/`;
  const base = authUrl.replace(/\/+$/, '');
  const apiBase = apiBaseUrl.replace(/\/+$/, '');
  const route = (method: string, origin: string, path: string): Routed => {
    let op: MeetingOperation = 'other';
    let params: Record<string, string> = {};
    if (origin === auth.origin && token.match(path)) op = 'token';
    else if (origin === api.origin && method === 'GET') {
      for (const [name, pattern] of routes) {
        const match = pattern.match(path);
        if (!match) continue;
        op = name;
        params = match.params;
        break;
      }
    }
    // Shared by every exchange on the same route: frozen, so that no rule changes another's.
    return { op, params: Object.freeze(params), ...(op === 'meeting' && path.startsWith(meetingPrefix) ? { rawMeetingId: path.slice(meetingPrefix.length) } : {}) };
  };
  // Routes matched before, by method, origin and path: a client calls the same few again and again, and
  // matching each afresh was the largest part of reading an exchange (a profile of the mock's list page).
  const routed = new Map<string, Routed>();
  // The route of the request before, by its own fields: the same call again is known without building
  // (and hashing) a key, which was a fifth of the judge's time on a list page served over HTTP.
  let last: { method: string; origin: string; path: string; found: Routed } | undefined;
  const routeOf = (method: string, origin: string, path: string): Routed => {
    if (last !== undefined && last.path === path && last.method === method && last.origin === origin) return last.found;
    const key = `${method} ${origin}${path}`;
    let found = routed.get(key);
    if (found === undefined) {
      if (routed.size >= maxRoutes) routed.clear();
      routed.set(key, (found = route(method, origin, path)));
    }
    last = { method, origin, path, found };
    return found;
  };
  let previous: ClientRequest | undefined;
  return (x) => {
    const { request } = x;
    const sameAs = previous !== undefined && sameRequest(request, previous) ? previous : undefined;
    previous = request;
    const found = routeOf(request.method, request.origin, request.path);
    // One shape for every read (an absent field undefined, not left out): a read per exchange, built fast.
    return {
      x,
      op: found.op,
      params: found.params,
      rawMeetingId: found.rawMeetingId,
      sameAs,
      query: queryOf(request.query),
      auth: authorizationOf(request.headers.authorization),
      answer: isJson(x.answer.headers['content-type']) ? answerJson(x.answer) : undefined,
      authUrl: base,
      apiBaseUrl: apiBase,
    };
  };
}

/** What a request's method, origin and path say: its operation and path parameters. */
interface Routed {
  op: MeetingOperation;
  params: Record<string, string>;
  rawMeetingId?: string;
}

// The content type read last: an answer of the same kind as the one before is known without a regex.
let lastContentType: string | undefined;
let lastIsJson = false;

/** Whether an answer's Content-Type names JSON (any type with "json" in it, as the platform's and its errors are labelled). */
function isJson(contentType: string | undefined): boolean {
  if (contentType !== lastContentType) {
    lastIsJson = /json/i.test(contentType ?? '');
    lastContentType = contentType;
  }
  return lastIsJson;
}

/** Routes the reader remembers; past this it forgets them all (a client sending path after path). */
const maxRoutes = 1024;

// The query read last: a client asks for the same page size with call after call.
let lastQueryText: string | undefined;
let lastQuery = new URLSearchParams();

/** A query as the platform reads it, shared by the exchanges that sent the same one: not to be changed. */
function queryOf(text: string): URLSearchParams {
  if (text !== lastQueryText) {
    lastQuery = new URLSearchParams(text);
    lastQueryText = text;
  }
  return lastQuery;
}

// The header split last, and how: a client sends the same Authorization with call after call.
let lastHeader: string | undefined;
let lastAuthorization: { scheme: string; credentials: string } | undefined;

/** An Authorization header split into its scheme and what follows (trimmed), or undefined when it has none. */
function authorizationOf(header: string | undefined): { scheme: string; credentials: string } | undefined {
  if (header === lastHeader) return lastAuthorization;
  const text = header?.trim();
  // Shared by the exchanges that sent the same header: frozen, so that no rule changes another's.
  const split = !text ? undefined : Object.freeze(splitAuthorization(text));
  lastHeader = header;
  lastAuthorization = split;
  return split;
}

function splitAuthorization(text: string): { scheme: string; credentials: string } {
  const space = text.search(/\s/);
  return space < 0 ? { scheme: text, credentials: '' } : { scheme: text.slice(0, space), credentials: text.slice(space + 1).trim() };
}

// The credentials decoded last: the rules of one token request each read its Basic credentials.
let lastCredentials: string | undefined;
let lastDecoded = '';

/** Basic credentials decoded from base64 as UTF-8 (as Buffer reads them: what is not base64 is skipped). */
export function decodedBasic(credentials: string): string {
  if (credentials !== lastCredentials) {
    lastDecoded = Buffer.from(credentials, 'base64').toString('utf8');
    lastCredentials = credentials;
  }
  return lastDecoded;
}
