import ipaddr from 'ipaddr.js';
import type { FarmInfo } from '../../../mocks/origin/FarmRoute.ts';

/** Host names that are this machine or a cloud's metadata service whatever they resolve to. */
const privateNames = /^(localhost|.*\.localhost|metadata\.google\.internal)\.?$/i;

/**
 * Whether `url` names a destination a fetch service keeps its callers from: an address in any range but
 * public unicast (IPv4 carried in IPv6 read as IPv4), or a local name, unless it is one of the farm's
 * listeners (the operator's allowlist, in effect). The WHATWG URL parser has already turned hexadecimal,
 * octal and short IPv4 spellings into dotted decimal. A URL that does not parse is not private.
 */
export function isPrivateUrl(url: string | URL, farm: FarmInfo): boolean {
  const parsed = typeof url === 'string' ? URL.parse(url) : url;
  if (!parsed || !/^https?:$/.test(parsed.protocol)) return false;
  const farmHosts = [farm.httpUrl, farm.httpsUrl, farm.expiredTlsUrl, farm.wrongHostTlsUrl].map((u) => new URL(u).host);
  if (farmHosts.includes(parsed.host)) return false;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (privateNames.test(host)) return true;
  if (!ipaddr.isValid(host)) return false;
  return ipaddr.process(host).range() !== 'unicast';
}
