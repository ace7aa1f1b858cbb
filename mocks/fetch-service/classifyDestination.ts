import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { FarmInfo, FarmListener } from '../origin/FarmRoute.ts';
import { farmListeners, reservedStatusHost } from './virtualFarm.ts';

/** Where a URL would take a fetch, as far as the mock is concerned. */
export type Destination =
  | { kind: 'farm'; farm: FarmInfo; listener: FarmListener; origin: string }
  | { kind: 'status'; path: string }
  | { kind: 'private' }
  | { kind: 'public' };

/**
 * Sorts a (parsed, so already normalised: 0x7f000001, 2130706433 and 127.1 all read 127.0.0.1) URL. The
 * farms' own origins come first: the operator vouched for them, loopback or not. Then the reserved status
 * host, then anything that is not public unicast by its literal address or by an RFC 6761 localhost name,
 * and a few names that only ever mean cloud metadata. Other names are public: the mock resolves nothing.
 */
export function classifyDestination(url: URL, farms: readonly FarmInfo[]): Destination {
  const origin = url.origin;
  for (const farm of farms) {
    const listener = listenerOrigins(farm).get(origin);
    if (listener) return { kind: 'farm', farm, listener, origin };
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === reservedStatusHost) return { kind: 'status', path: url.pathname };
  return isPrivateHost(host) ? { kind: 'private' } : { kind: 'public' };
}

// Each farm's listeners by origin, worked out once per farm rather than on every hop.
const originsOf = new WeakMap<FarmInfo, Map<string, FarmListener>>();

function listenerOrigins(farm: FarmInfo): Map<string, FarmListener> {
  let origins = originsOf.get(farm);
  if (!origins) {
    origins = new Map();
    // The first listener named for an origin wins, as the loop over farmListeners did.
    for (const [listener, field] of farmListeners) {
      const origin = new URL(farm[field]).origin;
      if (!origins.has(origin)) origins.set(origin, listener);
    }
    originsOf.set(farm, origins);
  }
  return origins;
}

const metadataNames = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

/** True for localhost names, metadata names and any IP literal outside public unicast (IPv4 carried in IPv6 judged by the IPv4). */
export function isPrivateHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || metadataNames.has(host) || host.endsWith('.internal')) return true;
  if (!isIP(host)) return false;
  let ip = ipaddr.parse(host);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  // ipaddr.js calls anything it has no name for "unicast"; for IPv6 only 2000::/3 is global.
  if (ip.kind() === 'ipv6') return range !== 'unicast' || !ip.match(ipaddr.IPv6.parseCIDR('2000::/3'));
  return range !== 'unicast';
}
