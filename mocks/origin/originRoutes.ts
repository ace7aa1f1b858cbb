import { brokenConnectionRoutes } from './brokenConnectionRoutes.ts';
import { farmRoutes } from './farmRoutes.ts';
import type { FarmRoute } from './FarmRoute.ts';
import { oversizeRoutes } from './oversizeRoutes.ts';
import { pageRoutes } from './pageRoutes.ts';
import { redirectRoutes } from './redirectRoutes.ts';
import { slowRoutes } from './slowRoutes.ts';

/**
 * Every route of the farm, in the order `/__farm/routes` and `conform origin --help` list them: the one
 * source of truth for what the farm serves. Every route also takes `?probe=TOKEN` (see RequestLog).
 */
export const originRoutes: readonly FarmRoute[] = [
  ...pageRoutes,
  ...redirectRoutes,
  ...slowRoutes,
  ...brokenConnectionRoutes,
  ...oversizeRoutes,
  ...farmRoutes,
];
