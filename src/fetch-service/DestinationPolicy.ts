import { isIP } from 'node:net';
import { classifyAddress } from './classifyAddress.ts';
import { HostAllowlist, normalizeHost } from './HostAllowlist.ts';
import type { Resolver } from './resolver.ts';
import { destinationRefused, insecureRefused, type ServiceError, upstreamFailed } from './ServiceError.ts';

// The Fetch standard's "bad ports": services that can be driven by a crafted HTTP request (mail, IRC, ...).
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526,
  530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045,
  4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

export function effectivePort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** RFC 6761: these names are loopback wherever they are looked up, so no answer needs to be awaited. */
function isLocalhostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

/** With allowInsecureSsl the refusal says why the option is refused (seed §2); otherwise it stays generic. */
function refusal(insecure: boolean): ServiceError {
  return insecure ? insecureRefused() : destinationRefused();
}

/**
 * Decides where a fetch may go. Two gates: `checkUrl` on what the URL alone shows (scheme, credentials,
 * port, IP literals, localhost names), run on the first request and on every redirect hop before any
 * lookup; and `addressesFor`, run by the connector for every connection, on the addresses it will dial.
 * A host the operator allowlisted passes both, for any address and with allowInsecureSsl: listing it is
 * the operator saying it is an environment under the caller's control.
 */
export class DestinationPolicy {
  readonly #allowlist: HostAllowlist;
  readonly #resolve: Resolver;

  constructor(allowHosts: readonly string[], resolve: Resolver) {
    this.#allowlist = new HostAllowlist(allowHosts);
    this.#resolve = resolve;
  }

  checkUrl(url: URL, insecure: boolean): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw destinationRefused();
    if (url.username || url.password) throw destinationRefused();
    const host = normalizeHost(url.hostname);
    const port = effectivePort(url);
    if (this.#allowlist.admits(host, port)) return;
    if (BAD_PORTS.has(port)) throw destinationRefused();
    const forbidden = isIP(host) ? !classifyAddress(host).permitted : isLocalhostName(host);
    if (forbidden) throw refusal(insecure);
  }

  /** The addresses a connection to host:port may dial; throws when any answer is forbidden. */
  async addressesFor(hostname: string, port: number, insecure: boolean): Promise<string[]> {
    const host = normalizeHost(hostname);
    const allowlisted = this.#allowlist.admits(host, port);
    if (!allowlisted && BAD_PORTS.has(port)) throw destinationRefused();
    if (!allowlisted && isLocalhostName(host)) throw refusal(insecure);
    const addresses = isIP(host) ? [host] : await this.#lookup(host);
    // One forbidden answer refuses the name: a name that points inside is not a public destination, whatever
    // else it points at.
    if (!allowlisted && addresses.some((a) => !classifyAddress(a).permitted)) {
      throw refusal(insecure);
    }
    return addresses;
  }

  async #lookup(host: string): Promise<string[]> {
    let answers;
    try {
      answers = await this.#resolve(host);
    } catch {
      throw upstreamFailed('The destination host name could not be resolved.');
    }
    if (answers.length === 0) throw upstreamFailed('The destination host name could not be resolved.');
    return answers.map((a) => a.address);
  }
}
