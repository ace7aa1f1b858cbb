import { isIP } from 'node:net';
import { classifyAddress } from './classifyAddress.ts';
import { destinationRefused, insecureRefused, type ServiceError } from './ServiceError.ts';

// The Fetch standard's "bad ports": services that can be driven by a crafted HTTP request (mail, IRC, ...).
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526,
  530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045,
  4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

export function isBadPort(port: number): boolean {
  return BAD_PORTS.has(port);
}

export function effectivePort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** RFC 6761: these names are loopback wherever they are looked up, so no answer needs to be awaited. */
export function isLocalhostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

/** The form hosts are compared in: lowercase, IPv6 without brackets, no trailing root dot. */
export function normalizeHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host.length > 1 && host.endsWith('.')) host = host.slice(0, -1);
  return host;
}

/** The refusal of a local destination: with allowInsecureSsl it says why the option is refused (seed §2). */
export function refusalFor(insecure: boolean): ServiceError {
  return insecure ? insecureRefused() : destinationRefused();
}

/**
 * The first gate of every hop, on what the URL alone shows, before any lookup: the scheme, credentials,
 * the Fetch standard's bad ports, IP literals outside public unicast and localhost names. `admits` is the
 * operator's allowlist (host normalised, effective port): a destination it admits passes, for any address
 * and with allowInsecureSsl. Names are the resolver's business (the reference) or the mock's stand-in for one.
 */
export function checkTargetUrl(url: URL, insecure: boolean, admits: (host: string, port: number) => boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw destinationRefused();
  if (url.username || url.password) throw destinationRefused();
  const host = normalizeHost(url.hostname);
  const port = effectivePort(url);
  if (admits(host, port)) return;
  if (isBadPort(port)) throw destinationRefused();
  const forbidden = isIP(host) ? !classifyAddress(host).permitted : isLocalhostName(host);
  if (forbidden) throw refusalFor(insecure);
}
