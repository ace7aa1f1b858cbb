import { matchRoute } from '../origin/matchRoute.ts';
import { originRoutes } from '../origin/originRoutes.ts';
import { queryInteger } from '../origin/queryInteger.ts';
import { defaultDrip, defaultSlowMs } from '../origin/slowRoutes.ts';

const unbounded = { min: 0, max: Number.MAX_SAFE_INTEGER };

/**
 * How long a farm route takes to answer in full, from its query and the farm's own defaults: 0 for routes
 * that answer at once. Lets the mock tell a fetch that will outlast its timeout at a glance, and answer
 * 504 after a short hold instead of waiting the whole timeout out.
 */
export function plannedDelayMs(url: URL): number {
  const path = matchRoute(originRoutes, url.pathname)?.route.path;
  try {
    if (path === '/slow/headers') return queryInteger(url, 'ms', { fallback: defaultSlowMs, ...unbounded });
    if (path === '/slow/drip') {
      return queryInteger(url, 'ms', { fallback: defaultDrip.ms, ...unbounded }) * queryInteger(url, 'chunks', { fallback: defaultDrip.chunks, ...unbounded });
    }
  } catch {
    // A malformed query: the route itself answers 400 at once.
  }
  return 0;
}
