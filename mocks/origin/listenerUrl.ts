import { isIPv6 } from 'node:net';

/** Whether a bind address means every interface (then the farm is reached on loopback). */
export function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::';
}

/**
 * The base URL a client uses for a listener bound to `host`: a wildcard bind is reached on loopback, and
 * an IPv6 literal needs brackets.
 */
export function listenerUrl(scheme: 'http' | 'https', host: string, port: number): string {
  const reachable = !isWildcard(host) ? host : host === '::' ? '::1' : '127.0.0.1';
  return `${scheme}://${isIPv6(reachable) ? `[${reachable}]` : reachable}:${port}`;
}
