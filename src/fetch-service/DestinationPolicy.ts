import { isIP } from 'node:net';
import { classifyAddress } from './core/classifyAddress.ts';
import { checkTargetUrl, isBadPort, isLocalhostName, normalizeHost, refusalFor } from './core/destinationRule.ts';
import { destinationRefused, upstreamFailed } from './core/ServiceError.ts';
import { HostAllowlist } from './HostAllowlist.ts';
import type { Resolver } from './resolver.ts';

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
    checkTargetUrl(url, insecure, (host, port) => this.#allowlist.admits(host, port));
  }

  /** The addresses a connection to host:port may dial; throws when any answer is forbidden. */
  async addressesFor(hostname: string, port: number, insecure: boolean): Promise<string[]> {
    const host = normalizeHost(hostname);
    const allowlisted = this.#allowlist.admits(host, port);
    if (!allowlisted && isBadPort(port)) throw destinationRefused();
    if (!allowlisted && isLocalhostName(host)) throw refusalFor(insecure);
    const addresses = isIP(host) ? [host] : await this.#lookup(host);
    // One forbidden answer refuses the name: a name that points inside is not a public destination, whatever
    // else it points at.
    if (!allowlisted && addresses.some((a) => !classifyAddress(a).permitted)) {
      throw refusalFor(insecure);
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
