import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Turns a host name into the addresses a connection may dial. The service calls it at connect time, for
 * every connection, and checks each answer before dialling it: there is no earlier lookup whose answer a
 * rebinding DNS server could change afterwards.
 */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The operating system's resolver (getaddrinfo: hosts file, then DNS), as other programs on the host see names. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, order: 'verbatim' });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};
