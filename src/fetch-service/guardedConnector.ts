import { isIP } from 'node:net';
import type { Connector } from './dial.ts';
import type { DestinationPolicy } from './DestinationPolicy.ts';

// Failures after which the next address of the same name is worth a try; anything else ends the attempt.
const TRY_NEXT = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'EAFNOSUPPORT']);

/**
 * The connector every outbound connection goes through: it asks the policy which addresses the host may
 * be dialled at (resolving names at this moment, checking every answer) and dials exactly those, so the
 * address checked is the address connected to. IP literals are checked too; they never reach a resolver.
 * The host name stays the TLS server name, so certificates are still verified against it.
 */
export function createGuardedConnector(policy: DestinationPolicy, insecure: boolean, dial: Connector): Connector {
  return (options, callback) => {
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    const servername = options.servername || (isIP(options.hostname) ? undefined : options.hostname);
    policy.addressesFor(options.hostname, port, insecure).then(
      (addresses) => {
        const attempt = (index: number): void => {
          const hostname = addresses[index]!;
          dial({ ...options, hostname, ...(servername ? { servername } : {}) }, (err, socket) => {
            if (err === null) return callback(null, socket);
            if (index + 1 < addresses.length && TRY_NEXT.has((err as NodeJS.ErrnoException).code ?? '')) return attempt(index + 1);
            callback(err, null);
          });
        };
        attempt(0);
      },
      (err: Error) => callback(err, null),
    );
  };
}
