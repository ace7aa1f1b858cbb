import { badRequest } from './FetchRefusal.ts';

/** A fetch request as the mock works with it: defaults applied (seed §2), the URL parsed. */
export interface MockFetchRequest {
  url: URL;
  allowRedirects: boolean;
  allowInsecureSsl: boolean;
  proxies: boolean;
}

const booleanOptions = ['allowRedirects', 'allowInsecureSsl', 'proxies'] as const;

/**
 * Seed §4 rule 1 on the raw body text: JSON, an object, `url` an absolute http(s) URI, options boolean
 * when present. Unknown fields are ignored (a newer client). Messages name the field, never its value.
 */
export function validateFetchBody(text: string): MockFetchRequest {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  const fields = body as Record<string, unknown>;
  if (fields.url === undefined) throw badRequest('url is required.');
  if (typeof fields.url !== 'string') throw badRequest('url must be a string.');
  const url = parseAbsoluteHttpUrl(fields.url);
  for (const name of booleanOptions) {
    if (name in fields && typeof fields[name] !== 'boolean') throw badRequest(`${name} must be a boolean.`);
  }
  return { url, allowRedirects: fields.allowRedirects === true, allowInsecureSsl: fields.allowInsecureSsl === true, proxies: fields.proxies === true };
}

/**
 * `text` as an absolute http(s) URI (the OpenAPI's `format: uri` narrowed to what can be fetched): the
 * scheme and a host written out, since the URL parser would read "http:///x" as host "x", and no
 * whitespace or control characters, which a URI cannot hold though the parser would drop some.
 */
export function parseAbsoluteHttpUrl(text: string): URL {
  const url = /[\u0000-\u0020\u007f]/.test(text) || !/^https?:\/\/[^/\\?#@]/i.test(text) ? null : URL.parse(text);
  if (!url) throw badRequest('url must be an absolute http or https URL.');
  if (url.username || url.password) throw badRequest('url must not contain credentials.');
  url.hash = '';
  return url;
}
