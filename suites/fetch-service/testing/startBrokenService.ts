import type { FarmInfo } from '../../../mocks/origin/FarmRoute.ts';
import { scaledTimeoutMs } from '../../../src/harness/targets/contention.ts';
import { startEmbeddedReference } from '../../../src/harness/targets/startFetchServiceTargets.ts';
import type { BrokenVariant } from './brokenVariants.ts';
import { startRewritingProxy } from './startRewritingProxy.ts';

/**
 * The fetch timeout the variants run with; the suite is told the same with --fetch-timeout. Three runs go
 * at once against services in one process and load the machine themselves, so the timeout is 4 s on an
 * idle machine and 2 s times the contention factor on a busy one: with two busy processes at a load of
 * 6 to 10 on 2 cores, a page the farm serves at once took up to 2.6 s, and a fixed 2 s turned such pages
 * into 504s.
 */
export const variantTimeoutSeconds = scaledTimeoutMs({ idleMs: 4000, perFactorMs: 2000, maxMs: 30_000 }) / 1000;

/** As the embedded targets': the probes held until the timeout leave slots for the other checks. */
const variantConcurrency = 4;

/**
 * A variant running on loopback: the walled reference (its options bent when the variant says so) with
 * the variant's proxy, if any, in front. Nothing it does can leave this machine.
 */
export async function startBrokenService(farm: FarmInfo, apiKey: string, variant: Pick<BrokenVariant, 'reference' | 'transform'>): Promise<{ url: string; close(): Promise<void> }> {
  const reference = await startEmbeddedReference(farm, apiKey, { timeoutMs: variantTimeoutSeconds * 1000, maxConcurrency: variantConcurrency, ...variant.reference });
  if (!variant.transform) return reference;
  const proxy = await startRewritingProxy(reference.url, variant.transform({ apiKey, pageUrl: `${farm.httpUrl}/small`, farm }));
  return {
    url: proxy.url,
    close: async () => {
      await proxy.close();
      await reference.close();
    },
  };
}
