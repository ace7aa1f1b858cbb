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
}

/** The reader of one deployment's exchanges: POST {baseUrl}/v1/fetch, and whatever else is sent under it. */
export function fetchExchangeReader(baseUrl: string): (x: ClientExchange) => FetchRead {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  return (x) => {
    const { request } = x;
    const sub = request.path.slice(prefix.length);
    const op: FetchOperation = request.method === 'POST' && sub === '/v1/fetch' ? 'fetch' : sub === '/healthz' ? 'health' : 'other';
    const key = request.headers['x-svc-api-key'];
    return { x, op, body: op === 'fetch' ? parseJson(request.body) : undefined, ...(key !== undefined ? { key } : {}) };
  };
}

/** The body as a JSON object, when it is one. */
export function bodyObject(read: FetchRead): Record<string, unknown> | undefined {
  const { body } = read;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}
