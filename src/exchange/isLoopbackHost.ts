import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** 127.0.0.0/8, ::1 (IPv4-mapped too), localhost and *.localhost: names that never leave this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (!isIP(host)) return false;
  const ip = ipaddr.process(host);
  return ip.range() === 'loopback';
}
