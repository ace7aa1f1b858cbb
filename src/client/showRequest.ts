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
  const form = /^application\/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? '');
  const hasBody = request.body !== '' || (request.method !== 'GET' && request.method !== 'HEAD');
  return {
    method: request.method,
    url: `${request.origin}${request.path}${query}`,
    headers,
    ...(hasBody ? { body: form ? namedParams(request.body, secretParams, secretValue) : request.body } : {}),
  };
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
