import { browserNoise } from '../browserNoise.ts';
import type { ClientCase } from '../ClientCase.ts';
import { tokenFields } from './tokenRequestRules.ts';
import type { MeetingRead } from './readMeetingExchange.ts';

const clause = 'MP-CLIENT-ROUTE';
const diagnosis =
  'Send the token request as POST {auth_url}/oauth/token and every API call as GET {api_base_url}/v2/…: the auth URL and the API base URL are two addresses (zoom.us and api.zoom.us on the real platform), and the API version is the /v2 path prefix.';

/** The API resources, as a path under /v2 reads: what a stray API call was meant for. */
const resources: ReadonlyArray<[RegExp, string]> = [
  [/^\/users\/[^/]+\/meetings$/, 'the meeting list'],
  [/^\/users\/[^/]+$/, 'the current user'],
  [/^\/meetings\/.+$/, 'a meeting'],
];

/** The request's path under a base (origin and path prefix), or undefined when it is not under it. */
function under(base: URL, origin: string, path: string): string | undefined {
  const prefix = base.pathname.replace(/\/+$/, '');
  if (origin !== base.origin || (path !== prefix && !path.startsWith(`${prefix}/`))) return undefined;
  return path.slice(prefix.length) || '/';
}

/** A request that means to get a token: a POST to a path about tokens, or one carrying the grant's fields. */
function meantForToken(read: MeetingRead): boolean {
  const { method, path } = read.x.request;
  if (method !== 'POST') return false;
  return /token/i.test(path) || tokenFields(read).has('grant_type');
}

/**
 * MP-CLIENT-ROUTE: every request is one of the platform's operations, at its address and with its method.
 * One the platform has no route or method for is named with the operation it was meant for: a token
 * request at another address than {auth_url}/oauth/token; an API call with another method, without /v2
 * (or under another version), with a trailing "/", or on the auth host. A token request at the right
 * address but with another method is MP-CLIENT-TOKEN-FORM's.
 */
export function judgeRoute(read: MeetingRead): ClientCase | undefined {
  const c = { clause, path: 'request', diagnosis };
  if (read.op !== 'other') return c;
  const { method, origin, path } = read.x.request;
  // A browser's CORS preflight, or its favicon beside a report opened in it, is no request of the app's.
  if (method === 'OPTIONS' || browserNoise.test(path)) return undefined;
  const called = `the app called ${method} ${origin}${path}`;
  const answered = ` (answered ${read.x.answer.status})`;
  const tokenEndpoint = `POST ${read.authUrl}/oauth/token`;
  if (meantForToken(read)) {
    return { ...c, problem: `${called}, a token request at another address than {auth_url}/oauth/token: the token endpoint is ${tokenEndpoint}${answered}`, cause: 'a token request at another address than {auth_url}/oauth/token' };
  }
  const api = new URL(read.apiBaseUrl);
  const auth = new URL(read.authUrl);
  const onApi = under(api, origin, path);
  const onAuth = onApi === undefined ? under(auth, origin, path) : undefined;
  const rest = (onApi ?? onAuth ?? path).replace(/(.)\/+$/, '$1');
  const version = /^\/v(\d+)(\/.*)$/i.exec(rest);
  const resource = version ? version[2]! : rest;
  const meant = resources.find(([pattern]) => pattern.test(resource));
  if (!meant) {
    return {
      ...c,
      problem: `${called}: the platform has no such route; its operations are ${tokenEndpoint}, GET ${read.apiBaseUrl}/v2/users/me, GET ${read.apiBaseUrl}/v2/users/me/meetings and GET ${read.apiBaseUrl}/v2/meetings/{meetingId}${answered}`,
      cause: 'a path the platform does not have',
    };
  }
  const slips: string[] = [];
  if (method !== 'GET') slips.push(`with ${method}: the operation is a GET`);
  if (onApi === undefined) slips.push(onAuth !== undefined ? 'on the auth host: the API lives at {api_base_url}' : 'at another address than {api_base_url}');
  if (!version) slips.push('without the /v2 prefix the API version is carried in');
  else if (version[1] !== '2') slips.push(`under /v${version[1]}: the API is /v2`);
  if (/[^/]\/+$/.test(onApi ?? onAuth ?? path)) slips.push('with a trailing "/"');
  return {
    ...c,
    problem: `${called}; ${meant[1]} is GET ${read.apiBaseUrl}/v2${resource} (${slips.join('; ') || 'another spelling'})${answered}`,
    cause: method !== 'GET' && slips.length === 1 ? 'an API path with another method than GET' : 'an API call at another address than {api_base_url}/v2/…',
  };
}
