import type { ClientRequest } from './ClientExchange.ts';

/** Whether two requests were sent alike: method, address, query, headers and body (a client's call made again). */
export function sameRequest(a: ClientRequest, b: ClientRequest): boolean {
  if (a === b) return true;
  if (a.method !== b.method || a.origin !== b.origin || a.path !== b.path || a.query !== b.query || a.body !== b.body) return false;
  let count = 0;
  for (const name in a.headers) {
    if (a.headers[name] !== b.headers[name]) return false;
    count++;
  }
  for (const _ in b.headers) count--;
  return count === 0;
}
