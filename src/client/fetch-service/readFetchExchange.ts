import type { ClientExchange } from '../ClientExchange.ts';
import { parseJson } from '../parseJson.ts';

/** Which part of the service a request is for: the fetch operation, its health check, or anything else it was sent. */
export type FetchOperation = 'fetch' | 'health' | 'other';

/** An exchange with the fetch service as its client rules read it. */
export interface FetchRead {
  x: ClientExchange;
  op: FetchOperation;
  /** The request body as JSON, when it parses. */
  body: unknown;
  /** The X-SVC-API-Key header as sent. */
  key?: string;
  /** The path under the base URL ("/v1/fetch"), or the whole path when the request is not under it. */
  route: string;
}

/** The reader of one deployment's exchanges: POST {baseUrl}/v1/fetch, and whatever else is sent under it. */
export function fetchExchangeReader(baseUrl: string): (x: ClientExchange) => FetchRead {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  return (x) => {
    const { request } = x;
    const under = request.path === prefix || request.path.startsWith(`${prefix}/`);
    const sub = under ? request.path.slice(prefix.length) || '/' : request.path;
    const op: FetchOperation = request.method === 'POST' && sub === '/v1/fetch' ? 'fetch' : sub === '/healthz' ? 'health' : 'other';
    const key = request.headers['x-svc-api-key'];
    return { x, op, body: op === 'fetch' ? parseJson(request.body) : undefined, ...(key !== undefined ? { key } : {}), route: sub };
  };
}

/** The body as a JSON object, when it is one. */
export function bodyObject(read: FetchRead): Record<string, unknown> | undefined {
  const { body } = read;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}
