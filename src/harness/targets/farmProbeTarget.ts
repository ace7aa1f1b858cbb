import type { FetchServiceTargetOptions } from './TargetOptions.ts';
import type { FarmProbeTarget } from './whyFarmOutOfReach.ts';

/** A deployment's options as the farm probe takes them, with the farm at `originUrl` (its own, or the one this run started). */
export function farmProbeTarget(t: FetchServiceTargetOptions, originUrl: string, runsOwnFarm = false): FarmProbeTarget {
  return {
    baseUrl: t.baseUrl,
    apiKey: t.apiKey,
    originUrl,
    fetchTimeoutSeconds: t.fetchTimeoutSeconds,
    bounds: t.limits.bounds,
    ...(t.limits.rateLimit !== undefined ? { rateLimit: t.limits.rateLimit } : {}),
    names: optionNamesOf(t),
    ...(runsOwnFarm ? { runsOwnFarm } : {}),
  };
}

/** How messages name a deployment's base URL and origin farm: its flags, or a config file's keys. */
export function optionNamesOf(t: FetchServiceTargetOptions): { baseUrl: string; originUrl: string } {
  return { baseUrl: t.optionNames?.baseUrl ?? '--base-url', originUrl: t.optionNames?.originUrl ?? '--origin-url' };
}
