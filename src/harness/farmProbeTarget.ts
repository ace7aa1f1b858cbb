import type { FetchServiceTargetOptions } from './ConformOptions.ts';
import type { FarmProbeTarget } from './whyFarmOutOfReach.ts';

/** A deployment's options as the farm probe takes them, with the farm at `originUrl` (its own, or the one this run started). */
export function farmProbeTarget(t: FetchServiceTargetOptions, originUrl: string, runsOwnFarm = false): FarmProbeTarget {
  return {
    baseUrl: t.baseUrl,
    apiKey: t.apiKey,
    originUrl,
    fetchTimeout: t.fetchTimeout,
    bounds: t.limits.bounds,
    ...(t.limits.rateLimit !== undefined ? { rateLimit: t.limits.rateLimit } : {}),
    names: { baseUrl: t.optionNames?.baseUrl ?? '--base-url', originUrl: t.optionNames?.originUrl ?? '--origin-url' },
    ...(runsOwnFarm ? { runsOwnFarm } : {}),
  };
}
