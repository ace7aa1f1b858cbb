import { PathPattern } from '../../openapi/PathPattern.ts';
import type { ClientExchange } from '../ClientExchange.ts';
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
  /** The query as the platform reads it (a form: "+" is a space). */
  query: URLSearchParams;
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
  return (x) => {
    const { request } = x;
    let op: MeetingOperation = 'other';
    let params: Record<string, string> = {};
    if (request.origin === auth.origin && token.match(request.path)) op = 'token';
    else if (request.origin === api.origin && request.method === 'GET') {
      for (const [name, pattern] of routes) {
        const match = pattern.match(request.path);
        if (!match) continue;
        op = name;
        params = match.params;
        break;
      }
    }
    const authorization = authorizationOf(request.headers.authorization);
    return {
      x,
      op,
      params,
      ...(op === 'meeting' && request.path.startsWith(meetingPrefix) ? { rawMeetingId: request.path.slice(meetingPrefix.length) } : {}),
      query: new URLSearchParams(request.query),
      ...(authorization ? { auth: authorization } : {}),
      answer: /json/i.test(x.answer.headers['content-type'] ?? '') ? answerJson(x.answer) : undefined,
      authUrl: base,
      apiBaseUrl: apiBase,
    };
  };
}

/** An Authorization header split into its scheme and what follows (trimmed), or undefined when it has none. */
function authorizationOf(header: string | undefined): { scheme: string; credentials: string } | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  const space = text.search(/\s/);
  return space < 0 ? { scheme: text, credentials: '' } : { scheme: text.slice(0, space), credentials: text.slice(space + 1).trim() };
}
