import type { Canary } from '../../src/harness/suite-api/startCanary.ts';

/** A destination a conforming service refuses, and whether this run can see a connection made to it. */
export interface PrivateDestination {
  label: string;
  url: string;
  /** True when the canary listens where this URL leads: a connection would be counted. */
  watched: boolean;
}

type Scheme = 'http' | 'https';

/**
 * Spellings of loopback addresses on the canary's port: what the URL parser normalises (hex, decimal,
 * octal, short forms), IPv4 carried in IPv6, names, and the unspecified addresses a socket connects to
 * locally. Each leads to a canary address or to nothing (never beyond this machine).
 */
export function loopbackDestinations(canary: Canary, scheme: Scheme): PrivateDestination[] {
  const p = canary.port;
  const on = (address: string) => canary.addresses.includes(address);
  const rows: Array<[string, string, string]> = [
    ['127.0.0.1, loopback (not the farm)', `${scheme}://127.0.0.1:${p}/`, '127.0.0.1'],
    ['127.0.0.2, loopback beyond .1', `${scheme}://127.0.0.2:${p}/`, '127.0.0.2'],
    ['0x7f000002, hexadecimal', `${scheme}://0x7f000002:${p}/`, '127.0.0.2'],
    ['2130706434, one decimal number', `${scheme}://2130706434:${p}/`, '127.0.0.2'],
    ['0177.0.0.2, octal', `${scheme}://0177.0.0.2:${p}/`, '127.0.0.2'],
    ['127.1, short form', `${scheme}://127.1:${p}/`, '127.0.0.1'],
    ['[::ffff:127.0.0.2], IPv4-mapped IPv6', `${scheme}://[::ffff:127.0.0.2]:${p}/`, '127.0.0.2'],
    ['[::1], IPv6 loopback', `${scheme}://[::1]:${p}/`, '::1'],
    ['localhost', `${scheme}://localhost:${p}/`, '127.0.0.1'],
    ['localhost. with the root dot', `${scheme}://localhost.:${p}/`, '127.0.0.1'],
    ['0.0.0.0, unspecified (connects locally)', `${scheme}://0.0.0.0:${p}/`, '127.0.0.1'],
    ['[::], IPv6 unspecified', `${scheme}://[::]:${p}/`, '::1'],
  ];
  return rows.map(([label, url, address]) => ({ label, url, watched: on(address) }));
}

/**
 * Private-network, link-local and cloud-metadata destinations in several spellings: for a deployment
 * elsewhere only (see probeScope.ts), which they stay inside of. Nothing here can be watched.
 */
export function remotePrivateDestinations(scheme: Scheme): PrivateDestination[] {
  const rows: Array<[string, string]> = [
    ['169.254.169.254, cloud metadata', `${scheme}://169.254.169.254/latest/meta-data/`],
    ['0xa9fea9fe, cloud metadata in hexadecimal', `${scheme}://0xa9fea9fe/latest/meta-data/`],
    ['[::ffff:169.254.169.254], metadata as IPv4-mapped IPv6', `${scheme}://[::ffff:169.254.169.254]/latest/meta-data/`],
    ['metadata.google.internal, a metadata name', `${scheme}://metadata.google.internal/computeMetadata/v1/`],
    ['[fd00:ec2::254], AWS metadata over IPv6', `${scheme}://[fd00:ec2::254]/latest/meta-data/`],
    ['10.0.0.1, private network', `${scheme}://10.0.0.1/`],
    ['172.16.0.1, private network', `${scheme}://172.16.0.1/`],
    ['192.168.0.1, private network', `${scheme}://192.168.0.1/`],
    ['100.64.0.1, carrier-grade NAT', `${scheme}://100.64.0.1/`],
    ['[fd00::1], IPv6 unique local', `${scheme}://[fd00::1]/`],
    ['[fe80::1], IPv6 link-local', `${scheme}://[fe80::1]/`],
    ['127.0.0.1, loopback', `${scheme}://127.0.0.1/`],
    ['2130706433, loopback as one decimal number', `${scheme}://2130706433/`],
    ['[::1], IPv6 loopback', `${scheme}://[::1]/`],
    ['localhost', `${scheme}://localhost/`],
    ['0.0.0.0, unspecified', `${scheme}://0.0.0.0/`],
  ];
  return rows.map(([label, url]) => ({ label, url, watched: false }));
}
