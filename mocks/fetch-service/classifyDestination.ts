import { isIP } from 'node:net';
import { checkTargetUrl, normalizeHost, refusalFor } from '../../src/fetch-service/core/destinationRule.ts';
import type { FarmListener } from '../origin/FarmRoute.ts';
import type { OriginTable } from '../origin/originTable.ts';
import { reservedStatusHost } from './virtualFarm.ts';

/** Where a URL the mock may fetch would take it. */
export type Destination =
  | { kind: 'farm'; table: OriginTable; listener: FarmListener; origin: string }
  | { kind: 'status'; path: string }
  | { kind: 'public' };

/**
 * Sorts a hop's (parsed, so already normalised: 0x7f000001 and 127.1 read 127.0.0.1) URL, or refuses it
 * as the reference would. The farms' own origins come first: the operator vouched for them, loopback or
 * not, as an allowlist would. Then the reserved status host. Everything else goes through the service's
 * destination rule (scheme, credentials, bad ports, IP literals, localhost names), and then, as the mock
 * resolves nothing, through a stand-in for the resolver: names that only ever resolve to cloud metadata
 * or an internal network are refused as their address would be. Other names are public.
 */
export function classifyDestination(url: URL, farms: readonly OriginTable[], insecure: boolean): Destination {
  const origin = url.origin;
  for (const table of farms) {
    const listener = table.listenerAt(origin);
    if (listener) return { kind: 'farm', table, listener, origin };
  }
  const host = normalizeHost(url.hostname);
  if (host === reservedStatusHost) return { kind: 'status', path: url.pathname };
  checkTargetUrl(url, insecure, () => false);
  if (!isIP(host) && resolvesInside(host)) throw refusalFor(insecure);
  return { kind: 'public' };
}

const metadataNames = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

/** Names a cloud resolver answers with metadata or internal addresses. */
function resolvesInside(host: string): boolean {
  return metadataNames.has(host) || host.endsWith('.internal');
}
