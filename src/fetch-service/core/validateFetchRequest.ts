import type { components } from '../../generated/fetch-service.ts';
import { isJson, parseMediaType } from '../../json/mediaType.ts';
import { badRequest, unsupportedMediaType } from './ServiceError.ts';

/** A fetch request with its defaults applied (seed §2). */
export type FetchRequest = components['schemas']['FetchRequest'];

/** A valid request, with its URL already parsed (fragment dropped). */
export interface ValidatedRequest extends FetchRequest {
  target: URL;
}

const MAX_URL_LENGTH = 8192;
const BOOLEAN_OPTIONS = ['allowRedirects', 'allowInsecureSsl', 'proxies'] as const;

/** Seed §2: the body is JSON. A Content-Type naming anything else is 415; none at all is read as JSON. */
export function checkContentType(header: string | undefined): void {
  if (header !== undefined && !isJson(parseMediaType(header)?.essence ?? '')) throw unsupportedMediaType();
}

/** A request body's text (UTF-8 already decoded) as a fetch request: JSON, then validateFetchRequest. */
export function parseFetchRequest(text: string): ValidatedRequest {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  return validateFetchRequest(body);
}

/**
 * Checks a parsed request body against seed §2 and §4 rule 1 and applies the defaults. Unknown fields are
 * ignored, for clients newer than the service. Messages name the field, never its value: a URL can carry
 * a token.
 */
export function validateFetchRequest(body: unknown): ValidatedRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.');
  }
  const fields = body as Record<string, unknown>;
  if (fields.url === undefined) throw badRequest('url is required.');
  if (typeof fields.url !== 'string') throw badRequest('url must be a string.');
  const target = parseTargetUrl(fields.url);
  for (const name of BOOLEAN_OPTIONS) {
    if (name in fields && typeof fields[name] !== 'boolean') throw badRequest(`${name} must be a boolean.`);
  }
  return {
    url: fields.url,
    allowRedirects: fields.allowRedirects === true,
    allowInsecureSsl: fields.allowInsecureSsl === true,
    proxies: fields.proxies === true,
    target,
  };
}

/**
 * The URL to fetch, when `text` is an absolute http(s) URI: scheme, "//" and a host written out (the URL
 * parser would read "http:///x" as host "x"), no whitespace or control characters (which a URI cannot
 * hold, though the URL parser would strip some), no credentials.
 */
export function parseTargetUrl(text: string): URL {
  if (text.length > MAX_URL_LENGTH) throw badRequest(`url must be at most ${MAX_URL_LENGTH} characters.`);
  const url = /[\u0000-\u0020\u007f]/.test(text) || !/^https?:\/\/[^/\\?#@]/i.test(text) ? null : URL.parse(text);
  if (!url) throw badRequest('url must be an absolute http or https URL.');
  if (url.username || url.password) throw badRequest('url must not contain credentials.');
  url.hash = '';
  return url;
}
