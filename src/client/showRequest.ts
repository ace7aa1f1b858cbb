import type { ShownRequest } from '../exchange/curlCommand.ts';
import type { ClientRequest } from './ClientExchange.ts';

/**
 * Headers a reproduction leaves to curl: the connection's own, the length of the body it sends, and the
 * codings it accepts (curl would print a compressed answer as it came).
 */
const connectionHeaders = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'te', 'upgrade', 'expect', 'accept-encoding']);

/**
 * A request as a client report shows it, as it was sent (the URL as the client encoded it), with what
 * `secretParams` names (query or form fields: access_token, client_secret) and what `showHeader` says of
 * each header in their place; the judge's Redactor runs over it after.
 */
export function showRequest(
  request: ClientRequest,
  secretParams: Readonly<Record<string, string>>,
  showHeader: (name: string, value: string) => string,
  /** The variable a field's value is shown as when it is a secret wherever it is sent (a token the service issued). */
  secretValue: (value: string) => string | undefined = () => undefined,
): ShownRequest {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || connectionHeaders.has(name)) continue;
    headers.push([name, showHeader(name, value)]);
  }
  const query = request.query ? `?${namedParams(request.query, secretParams, secretValue)}` : '';
  const form = isForm(request);
  const hasBody = request.body !== '' || (request.method !== 'GET' && request.method !== 'HEAD');
  return {
    method: request.method,
    url: `${request.origin}${request.path}${query}`,
    headers,
    ...(hasBody ? { body: form ? namedParams(request.body, secretParams, secretValue) : request.body } : {}),
  };
}

function isForm(request: ClientRequest): boolean {
  return /^application\/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? '');
}

/**
 * The values showRequest would ask `secretValue` about, that `pick` picks: every header's but
 * `exceptHeader`'s (and the connection's), and the query's and a form's fields but `secretParams`. A
 * judge takes them as it judges, for a showing made later; undefined when none (most requests).
 */
export function valuesPicked(
  request: ClientRequest,
  secretParams: Readonly<Record<string, string>>,
  exceptHeader: string,
  pick: (value: string) => boolean,
): Set<string> | undefined {
  let picked: Set<string> | undefined;
  const take = (value: string) => {
    if (pick(value)) (picked ??= new Set()).add(value);
  };
  for (const name in request.headers) {
    const value = request.headers[name];
    if (value !== undefined && name !== exceptHeader && !connectionHeaders.has(name)) take(value);
  }
  if (request.query) fieldValues(request.query, secretParams, take);
  if (request.body && isForm(request)) fieldValues(request.body, secretParams, take);
  return picked;
}

/** Each field value of a query or form as sent (not decoded), but those of `secretParams`. */
function fieldValues(text: string, secretParams: Readonly<Record<string, string>>, each: (value: string) => void): void {
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    const eq = text.indexOf('=', start);
    if (eq >= 0 && eq < end && !Object.hasOwn(secretParams, text.slice(start, eq))) each(text.slice(eq + 1, end));
    start = end + 1;
  }
}

/** A query or form with the values of the named fields, and the secret values, replaced by their variables; everything else as sent. */
function namedParams(text: string, secretParams: Readonly<Record<string, string>>, secretValue: (value: string) => string | undefined): string {
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      const variable = (Object.hasOwn(secretParams, name) ? secretParams[name] : undefined) ?? secretValue(pair.slice(eq + 1));
      return variable ? `${name}=$${variable}` : pair;
    })
    .join('&');
}
