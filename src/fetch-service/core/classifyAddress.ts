import ipaddr from 'ipaddr.js';

/** Whether a fetch may dial an address, and when not, the range that forbids it (for logs and tests). */
export type AddressVerdict = { permitted: true } | { permitted: false; range: string };

const PERMITTED: AddressVerdict = { permitted: true };
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Classifies one IP address (canonical text, as a resolver or the URL parser gives it). Only public
 * unicast passes: a list of what is allowed cannot miss a range the way a list of what is forbidden can.
 * IPv6 forms that carry an IPv4 address (mapped, SIIT, NAT64, 6to4) are judged by the IPv4 they carry,
 * so ::ffff:169.254.169.254 is metadata however it is spelt.
 */
export function classifyAddress(address: string): AddressVerdict {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(withoutDottedTail(address));
  } catch {
    return { permitted: false, range: 'unparseable' };
  }
  return ip.kind() === 'ipv4' ? classifyV4(ip as ipaddr.IPv4) : classifyV6(ip as ipaddr.IPv6);
}

/**
 * ipaddr.js reads an IPv6 address written with a dotted IPv4 tail as IPv4-mapped whatever precedes the
 * tail ("::8.8.8.8" becomes ::ffff:8.8.8.8); the URL parser writes such addresses out in hex correctly.
 */
function withoutDottedTail(address: string): string {
  if (!address.includes(':') || !address.includes('.')) return address;
  const url = URL.parse(`http://[${address}]/`);
  return url ? url.hostname.slice(1, -1) : address;
}

function classifyV4(ip: ipaddr.IPv4): AddressVerdict {
  const range = ip.range();
  return range === 'unicast' ? PERMITTED : { permitted: false, range };
}

function classifyV6(ip: ipaddr.IPv6): AddressVerdict {
  const range = ip.range();
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return carried(range, ip.parts[6]!, ip.parts[7]!);
    case 'rfc6052':
      // Only the well-known /96 prefix has a fixed place for the IPv4 address; 64:ff9b:1::/48 is local use.
      return ip.match(NAT64_WELL_KNOWN) ? carried(range, ip.parts[6]!, ip.parts[7]!) : { permitted: false, range };
    case '6to4':
      return carried(range, ip.parts[1]!, ip.parts[2]!);
    case 'unicast':
      // ipaddr.js calls anything it has no name for unicast; only 2000::/3 is allocated as global unicast.
      return ip.match(GLOBAL_UNICAST) ? PERMITTED : { permitted: false, range: 'unallocated' };
    default:
      return { permitted: false, range };
  }
}

function carried(outer: string, high: number, low: number): AddressVerdict {
  const inner = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const verdict = classifyV4(inner);
  return verdict.permitted ? verdict : { permitted: false, range: `${outer}/${verdict.range}` };
}
