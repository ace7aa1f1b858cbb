import type { ClientCase } from '../ClientCase.ts';
import { browserNoise } from '../browserNoise.ts';
import type { FetchRead } from './readFetchExchange.ts';

const operation = 'POST /v1/fetch with a JSON body';
const diagnosis = 'Send every fetch as POST {base_url}/v1/fetch with Content-Type: application/json and the fetch request as the body (JSON.stringify({ url, ... })): the service has no other route.';

/** The path as it reads without the slips that keep it from the service's one route: case, a trailing "/", a prefix before /v1/fetch, the version left out or another. */
function nearFetch(route: string): boolean {
  return /^(?:\/[^/]+)*?(?:\/v\d+)?\/fetch\/*$/i.test(route);
}

/**
 * FS-CLIENT-ROUTE: every request (the health check aside) is POST /v1/fetch. One the service has no
 * route or method for is named with what it was meant for: another method on /v1/fetch (a GET with the
 * url in the query string), or a path near /v1/fetch.
 */
export function judgeRoute(read: FetchRead): ClientCase | undefined {
  if (read.op === 'health' || browserNoise.test(read.route)) return undefined;
  const c = { clause: 'FS-CLIENT-ROUTE', path: 'request', diagnosis };
  if (read.op === 'fetch') return c;
  const { method, query } = read.x.request;
  const called = `${method} ${read.route}`;
  const status = read.x.answer.status;
  const answered = ` (answered ${status})`;
  if (read.route === '/v1/fetch') {
    const url = new URLSearchParams(query).has('url') ? ' with the url in the query string' : '';
    return { ...c, problem: `the app called ${called}${url}; the operation is POST with a JSON body${answered}`, cause: `another method than POST on /v1/fetch (${method})` };
  }
  if (nearFetch(read.route)) return { ...c, problem: `the app called ${called}: the service has no such route; the operation is ${operation}${answered}`, cause: 'a path near /v1/fetch that the service does not have' };
  return { ...c, problem: `the app called ${called}: the service has no such route; its one operation is ${operation}${answered}`, cause: 'a path the service does not have' };
}
