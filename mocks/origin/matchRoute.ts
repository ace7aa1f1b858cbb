import type { FarmRoute } from './FarmRoute.ts';

export interface RouteMatch {
  route: FarmRoute;
  params: Record<string, string>;
}

/**
 * The first route whose pattern matches `pathname` segment by segment (`:name` matches any one non-empty
 * segment, kept percent-encoded: every parameter the farm reads is a number or a fixed word).
 */
export function matchRoute(routes: readonly FarmRoute[], pathname: string): RouteMatch | undefined {
  const segments = pathname.split('/');
  for (const route of routes) {
    const params = matchPattern(route.path.split('/'), segments);
    if (params) return { route, params };
  }
  return undefined;
}

function matchPattern(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i]!;
    if (part.startsWith(':') && segment !== '') params[part.slice(1)] = segment;
    else if (part !== segment) return undefined;
  }
  return params;
}
