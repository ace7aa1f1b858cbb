import { methodNotAllowed, notFound } from './ServiceError.ts';

/**
 * Which of the service's two operations a request names (seed §2): the health check, which takes GET and
 * HEAD without a key, or the fetch, POST only (405 with Allow otherwise). Any other path is 404 with the
 * JSON error body. `path` is below the deployment's prefix, without the query.
 */
export function routeOf(method: string, path: string): 'health' | 'fetch' {
  if (path === '/healthz' && (method === 'GET' || method === 'HEAD')) return 'health';
  if (path !== '/v1/fetch') throw notFound();
  if (method !== 'POST') throw methodNotAllowed();
  return 'fetch';
}
