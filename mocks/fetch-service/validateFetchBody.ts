import { loadSpec } from '../../src/openapi/loadSpec.ts';
import { validateRequest } from '../../src/openapi/validateRequest.ts';
import { violationRule } from '../../src/openapi/Violation.ts';
import { badRequest } from './FetchRefusal.ts';

/** A fetch request as the mock works with it: defaults applied (seed §2), the URL parsed. */
export interface MockFetchRequest {
  url: URL;
  allowRedirects: boolean;
  allowInsecureSsl: boolean;
  proxies: boolean;
}

const fetchOperation = loadSpec('fetch-service').operation('fetchPage');

/**
 * Seed §4 rule 1 on the raw body text, as the spec (specs/fetch-service.openapi.yaml, compiled by
 * src/openapi) states it: JSON, an object, `url` a URI, options boolean when present; then `url` narrowed
 * to what can be fetched. Unknown fields are ignored (a newer client). Messages name the field and the
 * rule, never the value. The Content-Type is the caller's to check (415 comes before this).
 */
export function validateFetchBody(text: string): MockFetchRequest {
  const { violations, body } = validateRequest(fetchOperation, { method: 'POST', url: '/v1/fetch', body: text });
  if (violations[0]) throw badRequest(violationRule(violations[0]));
  const fields = body as { url: string; allowRedirects?: boolean; allowInsecureSsl?: boolean; proxies?: boolean };
  const url = parseAbsoluteHttpUrl(fields.url);
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
