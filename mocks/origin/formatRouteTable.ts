import type { FarmRoute } from './FarmRoute.ts';

/** The route table as aligned text lines: `PATH?QUERY  SUMMARY`. */
export function formatRouteTable(routes: readonly FarmRoute[]): string {
  const usages = routes.map((route) => (route.query ? `${route.path}?${route.query}` : route.path));
  const width = Math.max(...usages.map((usage) => usage.length));
  return routes.map((route, i) => `${usages[i]!.padEnd(width)}  ${route.summary}`).join('\n');
}
