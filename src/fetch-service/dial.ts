import type { SecureContext } from 'node:tls';
import { buildConnector } from 'undici';

/** undici's connector: opens the socket for one connection (TCP, or TLS over it). */
export type Connector = buildConnector.connector;

export interface TlsSettings {
  rejectUnauthorized: boolean;
  /**
   * The trusted CAs, made into a context once; absent means Node's default store (Mozilla's roots plus
   * NODE_EXTRA_CA_CERTS). A CA list given per connection instead would be parsed again on every one.
   */
  secureContext?: SecureContext;
}

/**
 * Makes the connector that puts bytes on the wire, given the TLS settings of the request. By the time it
 * is called, the guarded connector has replaced the host name with the address it checked. Tests pass a
 * loopback-only one (loopbackOnlyDial.ts), so wrong code under test still cannot leave loopback.
 */
export type Dial = (tls: TlsSettings) => Connector;

/** Real sockets. HTTP/1.1 only: one protocol to reason about is a smaller surface for hostile origins. */
export function socketDial(connectTimeoutMs: number): Dial {
  return (tls) => buildConnector({ ...tls, allowH2: false, timeout: connectTimeoutMs });
}
