import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { farmCertificates, type FarmCertificates, type KeyAndCert } from './farmCertificates.ts';
import type { FarmInfo, FarmListener } from './FarmRoute.ts';
import { answerFarmRequest } from './answerFarmRequest.ts';
import { isWildcard, listenerUrl } from './listenerUrl.ts';
import { originTable, type OriginTable } from './originTable.ts';
import { RequestLog, type FarmRequest } from './RequestLog.ts';

export interface OriginFarmOptions {
  /** Address every listener binds to; default 127.0.0.1. */
  host?: string;
  /** HTTP port; default 0 (a free one). */
  port?: number;
  /** Port of the valid-certificate TLS listener; default 0. */
  tlsPort?: number;
  /** Port of the expired-certificate TLS listener; default 0. */
  expiredTlsPort?: number;
  /** Port of the wrong-host-certificate TLS listener; default 0. */
  wrongHostTlsPort?: number;
  /** Extra names (DNS or IP) the valid and expired certificates cover, besides the loopback names. */
  certNames?: string[];
}

export interface OriginFarm extends FarmInfo {
  /** Every request received (not counting `/__farm/*`), or only those that carried `?probe=<probe>`. */
  requests(probe?: string): FarmRequest[];
  /** Whether any request carried `?probe=<probe>`. */
  seen(probe: string): boolean;
  /** Stops every listener and cuts open connections (slow and dripping responses included). */
  close(): Promise<void>;
}

interface Listener {
  name: FarmListener;
  server: Server;
  port: number;
  scheme: 'http' | 'https';
}

/**
 * Starts the hostile origin farm: the same routes on plain HTTP and on three TLS listeners (valid,
 * expired and wrong-host certificates, one CA). Resolves once every listener is bound; a listener that
 * cannot bind closes the others and rejects.
 */
export async function startOriginFarm(options: OriginFarmOptions = {}): Promise<OriginFarm> {
  const host = options.host ?? '127.0.0.1';
  const certs = await farmCertificates([...(options.certNames ?? []), ...(isWildcard(host) ? [] : [host])]);
  const log = new RequestLog();
  const listeners = createListeners(options, certs);
  // Set once every port is known; the info the routes serve depends on all of them.
  let ready: { table: OriginTable; origins: Map<FarmListener, string> } | undefined;
  for (const { name, server } of listeners) {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      // Last resort: an error while answering must cut the connection, not the process.
      answerFarmRequest(ready?.table, req, res, name, ready?.origins.get(name) ?? '').catch(() => res.destroy());
    });
  }

  const results = await Promise.allSettled(listeners.map((l) => listen(l.server, l.port, host)));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await closeAll(listeners.filter((_, i) => results[i]!.status === 'fulfilled'));
    throw failed.reason;
  }
  const origins = new Map(listeners.map((l) => [l.name, listenerUrl(l.scheme, host, (l.server.address() as AddressInfo).port)]));
  const info = farmInfo(origins, certs.ca);
  ready = { table: originTable(info, log), origins };
  return {
    ...info,
    requests: (probe) => log.requests(probe),
    seen: (probe) => log.seen(probe),
    close: () => closeAll(listeners),
  };
}

function createListeners(options: OriginFarmOptions, certs: FarmCertificates): Listener[] {
  const tls = (name: FarmListener, port: number | undefined, pair: KeyAndCert): Listener => ({
    name,
    server: createHttpsServer(pair),
    port: port ?? 0,
    scheme: 'https',
  });
  return [
    { name: 'http', server: createHttpServer(), port: options.port ?? 0, scheme: 'http' },
    tls('https', options.tlsPort, certs.valid),
    tls('expired-tls', options.expiredTlsPort, certs.expired),
    tls('wrong-host-tls', options.wrongHostTlsPort, certs.wrongHost),
  ];
}

function farmInfo(origins: Map<FarmListener, string>, ca: string): FarmInfo {
  const url = (name: FarmListener): string => origins.get(name)!;
  return {
    httpUrl: url('http'),
    httpsUrl: url('https'),
    expiredTlsUrl: url('expired-tls'),
    wrongHostTlsUrl: url('wrong-host-tls'),
    infoUrl: `${url('http')}/__farm/info`,
    ca,
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function closeAll(listeners: Listener[]): Promise<void> {
  await Promise.all(
    listeners.map(
      ({ server }) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Slow, dripping and keep-alive connections would otherwise hold close() open.
          server.closeAllConnections();
        }),
    ),
  );
}
