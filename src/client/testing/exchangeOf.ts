import type { ClientExchange, ServerAnswer } from '../ClientExchange.ts';

/** An exchange as a judge is fed one, from a URL as sent (its path and query kept encoded as written). */
export function exchangeOf(method: string, url: string, request: { headers?: Record<string, string>; body?: string } = {}, answer: Partial<ServerAnswer> & { json?: unknown } = {}, at = 0): ClientExchange {
  const match = /^(https?:\/\/[^/?#]+)([^?#]*)(?:\?([^#]*))?$/.exec(url);
  if (!match) throw new Error(`not a URL: ${url}`);
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const { json, ...rest } = answer;
  return {
    request: { method, origin: match[1]!, path: match[2] || '/', query: match[3] ?? '', headers, body: request.body ?? '' },
    answer: { status: 200, headers: json === undefined ? {} : { 'content-type': 'application/json' }, body: json === undefined ? '' : JSON.stringify(json), ...rest },
    receivedAt: at,
    answeredAt: at,
  };
}
