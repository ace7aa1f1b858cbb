import type { CaseOutcome } from '../../verdict/finding.ts';
import { field, type Exchange } from '../../meeting-platform/exchange.ts';

// What is wrong with one answer of the platform, as the suite's checks judge the answers to their own
// requests and the validation proxy judges the answers an app got: one rule, one place.

type Problem = Pick<CaseOutcome, 'problem' | 'cause'>;

/** What identifies a meeting instance across pages: its UUID, else its id. */
export function meetingIdentity(m: Record<string, unknown>): string {
  return typeof m.uuid === 'string' ? m.uuid : `id:${String(m.id)}`;
}

/** MP-TOKEN-FLOW: a token response must hold a non-empty access_token and token_type "bearer"; undefined when it does. */
export function tokenGrantProblem(x: Exchange): string | undefined {
  const token = field(x, 'access_token');
  if (!(typeof token === 'string' && token.length > 0)) return 'the token response must hold a non-empty access_token string';
  const type = field(x, 'token_type');
  return String(type).toLowerCase() === 'bearer' ? undefined : `token_type must be "bearer"; got ${JSON.stringify(type) ?? 'undefined'}`;
}

/** MP-TOKEN-FIELDS: expires_in a positive integer of seconds, scope a string; undefined when both are. */
export function tokenFieldsProblem(x: Exchange): string | undefined {
  const expiresIn = field(x, 'expires_in');
  if (!(Number.isInteger(expiresIn) && (expiresIn as number) > 0)) return `expires_in must be a positive integer of seconds; got ${JSON.stringify(expiresIn)}`;
  const scope = field(x, 'scope');
  return typeof scope === 'string' ? undefined : `scope must be a space-separated string; got ${JSON.stringify(scope)}`;
}

/** MP-TOKEN-ERRORS-JSON: what is wrong with a failed token request's body; nothing when it is a JSON error. */
export function tokenErrorProblem(x: Exchange): Problem {
  const answer = `${x.status} ${x.contentType || 'without a content type'}`;
  if (x.isHtml) return { problem: answer, cause: 'an HTML page where a JSON error was due' };
  if (x.status < 400) return { problem: `${answer}, Location ${x.headers.get('location') ?? '(none)'}`, cause: 'a redirect instead of an error' };
  if (!x.isJson) return { problem: answer, cause: 'a body that is not JSON' };
  if (typeof field(x, 'error') !== 'string') return { problem: `${answer}: ${JSON.stringify(x.json).slice(0, 160)}`, cause: 'JSON without a string "error" code' };
  return {};
}

/** What an answer's body is, in a few words: JSON, an HTML page, or its content type. */
export function kindOf(x: Exchange): string {
  return x.isJson ? 'JSON' : x.isHtml ? 'an HTML page' : x.contentType || 'no content type';
}

/** MP-JSON-ONLY: an API answer that is not JSON (application/json that parses); nothing when it is. */
export function notJsonProblem(x: Exchange): Problem {
  if (x.isJson) return {};
  return { problem: `${x.status} ${x.contentType || 'without a content type'}`, cause: x.isHtml ? 'an HTML page where JSON was due' : 'not JSON' };
}

/** MP-API-ERROR-BODY: an API error that is not a JSON object with a numeric code and a message string; nothing when it is. */
export function apiErrorProblem(x: Exchange): Problem {
  if (Number.isInteger(field(x, 'code')) && typeof field(x, 'message') === 'string') return {};
  return {
    problem: `${x.status}: ${x.isJson ? JSON.stringify(x.json).slice(0, 160) : kindOf(x)}`,
    cause: x.isHtml ? 'an HTML page where a JSON error was due' : x.isJson ? 'JSON without a numeric code and a message' : 'not JSON',
  };
}

/** MP-MEETINGS-LIST: what is wrong with an answer to a list request: not 200 JSON with meetings, total_records and next_page_token. */
export function listPageProblem(x: Exchange): Problem {
  const seen = `${x.status} ${x.contentType || 'without a content type'}`;
  if (x.status !== 200) return { problem: seen, cause: `HTTP ${x.status} instead of 200` };
  if (!x.isJson) return { problem: seen, cause: 'not JSON' };
  if (!Array.isArray(field(x, 'meetings'))) return { problem: 'no meetings array', cause: 'no meetings array' };
  if (!Number.isInteger(field(x, 'total_records'))) return { problem: `total_records ${JSON.stringify(field(x, 'total_records'))}`, cause: 'no integer total_records' };
  if (typeof field(x, 'next_page_token') !== 'string') return { problem: `next_page_token ${JSON.stringify(field(x, 'next_page_token'))}`, cause: 'no next_page_token string (empty on the last page)' };
  return {};
}

/** MP-JOIN-URL: join_url's fault, or undefined when it is an absolute http(s) URL with a host. */
export function joinUrlProblem(joinUrl: unknown): string | undefined {
  if (typeof joinUrl !== 'string') return joinUrl === undefined ? 'no join_url' : `join_url is a ${joinUrl === null ? 'null' : typeof joinUrl}, not a string`;
  try {
    const url = new URL(joinUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return `a ${url.protocol.replace(':', '')}: link, not one a browser opens (an SDK payload?)`;
    return url.hostname ? undefined : 'a URL without a host';
  } catch {
    return 'not an absolute URL';
  }
}

/** MP-JOIN-URL-HTTPS: join_url's fault, a browser link that is not https. */
export function joinUrlHttpsProblem(joinUrl: unknown): string | undefined {
  if (joinUrlProblem(joinUrl) !== undefined) return undefined;
  return new URL(joinUrl as string).protocol === 'https:' ? undefined : 'an http link, not https';
}

/** MP-API-401: why an answer to a request without a valid token is not the refusal due (401); undefined when it is. */
export function notRefusedCause(x: Exchange, operation: string): string | undefined {
  return x.status === 401 ? undefined : x.status < 300 ? `${operation} answered as if the token were good` : `HTTP ${x.status} instead of 401`;
}
