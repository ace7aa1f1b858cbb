import type { FarmInfo } from './FarmRoute.ts';

/** The listeners of the origin farm running at `originUrl`, from its /__farm/info; undefined when no farm answers there (within 5 s). */
export async function readFarmInfo(originUrl: string): Promise<FarmInfo | undefined> {
  try {
    const response = await fetch(`${originUrl}/__farm/info`, { signal: AbortSignal.timeout(5000) });
    if (response.ok) return (await response.json()) as FarmInfo;
  } catch {
    // Nothing there, or not in time: no farm.
  }
  return undefined;
}
