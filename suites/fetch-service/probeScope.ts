import { isLoopbackHost } from '../../src/exchange/isLoopbackHost.ts';
import type { FetchServiceTarget } from '../../src/harness/suite-api/targets.ts';

/**
 * Whether a target runs on this machine, which decides what the SSRF probes may name.
 *
 * The rule: a target is local when this run started it (`embedded`) or when its base URL is on loopback
 * (127.0.0.0/8, ::1, localhost): a deployment on 127.0.0.1 is local by definition. Probes against a
 * local target name loopback destinations only (127.0.0.2, 0x7f000002, [::ffff:127.0.0.2], localhost ...,
 * answered by a canary listener of this run), so even a target that fetches everything it is given stays
 * on this machine. Only a deployment elsewhere, the user's own, gets private-network and cloud-metadata
 * destinations (10.0.0.1, 169.254.169.254 ...), where its refusals are what is being checked.
 */
export function isLocalTarget(target: FetchServiceTarget): boolean {
  return target.embedded || isLoopbackHost(new URL(target.baseUrl).hostname);
}

