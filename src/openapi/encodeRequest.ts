import type { CompiledOperation } from './CompiledOperation.ts';
import type { GeneratedRequest } from './GeneratedRequest.ts';

/** A generated request as bytes on the wire would carry it, credentials not yet added. */
export interface EncodedRequest {
  method: string;
  /** The operation's path with its parameters in, percent-encoded: "/v2/meetings/85746065432". */
  path: string;
  /** Without the "?"; "" for none. */
  query: string;
  headers: Array<[string, string]>;
  body?: string;
}

/** How a path parameter's value becomes its segment; default encodeURIComponent. */
export type PathEncoder = (parameter: string, value: string) => string;

const encodePart = (text: string) => encodeURIComponent(text);

/** The body's text: `raw` as it is, form fields as application/x-www-form-urlencoded, anything else as JSON. */
export function bodyText(request: GeneratedRequest): string | undefined {
  const body = request.body;
  if (!body) return undefined;
  if (body.raw !== undefined) return body.raw;
  if (body.mediaType && /^\s*application\/x-www-form-urlencoded\s*(;|$)/i.test(body.mediaType)) {
    const fields = (body.value ?? {}) as Record<string, unknown>;
    return Object.entries(fields)
      .map(([k, v]) => `${encodePart(k)}=${encodePart(typeof v === 'string' ? v : JSON.stringify(v))}`)
      .join('&');
  }
  return JSON.stringify(body.value);
}

export function encodeRequest(operation: CompiledOperation, request: GeneratedRequest, encodePath: PathEncoder = (_p, v) => encodePart(v)): EncodedRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => request.rawPathParams[name] ?? encodePath(name, request.pathParams[name] ?? ''));
  const query = request.query.map(([n, v]) => `${encodePart(n)}=${encodePart(v)}`).join('&');
  const headers: Array<[string, string]> = [...request.headers];
  if (request.body?.mediaType) headers.push(['Content-Type', request.body.mediaType]);
  const body = bodyText(request);
  return { method: request.method, path, query, headers, ...(body !== undefined ? { body } : {}) };
}
