import type { FarmInfo } from '../../../mocks/origin/FarmRoute.ts';
import { startEmbeddedReference } from '../../../src/harness/startFetchServiceTargets.ts';
import type { BrokenVariant } from './brokenVariants.ts';
import { startRewritingProxy } from './startRewritingProxy.ts';

/** The fetch timeout the variants run with; the suite is told the same with --fetch-timeout. */
export const variantTimeoutSeconds = 2;

/**
 * Above the embedded targets' 2: a run against one variant then waits less for slots (about 6 s instead of
 * 9), and the concurrency check finds 4 as easily as 2.
 */
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
