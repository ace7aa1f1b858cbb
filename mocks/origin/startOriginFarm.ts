import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { checkCertificate } from './checkCertificate.ts';
import { farmCertificates, type FarmCertificates, type KeyAndCert } from './farmCertificates.ts';
import type { FarmInfo } from '../../src/exchange/farmInfo.ts';
import type { FarmListener } from './FarmRoute.ts';
import { answerFarmRequest } from './answerFarmRequest.ts';
import { isWildcard, listenerUrl } from './listenerUrl.ts';
import { originTable, type OriginTable } from './originTable.ts';
import { publicHostnames, publicOrigin, publicOrigins, type ListenerOrigins } from './publicOrigins.ts';
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
  /**
   * Where clients reach the listeners, when not at the address they bind (a farm behind a port forward,
   * a NAT or a DNS name): every absolute URL the farm gives (its info, redirect Locations) uses these.
   * See publicOrigins for how a listener without one is reached; their host names join `certNames`.
   */
  publicUrls?: Partial<ListenerOrigins>;
  /** The certificate (PEM, chain included) and key the valid-TLS listener presents instead of the farm CA's. */
  certificate?: KeyAndCert;
}

export interface OriginFarm extends FarmInfo {
  /** The base URL of each listener at the address it is bound to (the info's URLs are where clients reach it). */
  bound: ListenerOrigins;
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
  const given = options.publicUrls ?? {};
  // Checked before anything binds: a wrong URL or certificate is the caller's, not a listener's, failure.
  for (const [listener, url] of Object.entries(given) as Array<[FarmListener, string]>) publicOrigin(listener, url);
  if (options.certificate) checkCertificate(options.certificate);
  const certs = await farmCertificates([...(options.certNames ?? []), ...(isWildcard(host) ? [] : [host]), ...publicHostnames(given)]);
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
  const bound = Object.fromEntries(listeners.map((l) => [l.name, listenerUrl(l.scheme, host, (l.server.address() as AddressInfo).port)])) as ListenerOrigins;
  let reached: ListenerOrigins;
  try {
    reached = publicOrigins(bound, given);
  } catch (err) {
    await closeAll(listeners);
    throw err;
  }
  const origins = new Map(Object.entries(reached) as Array<[FarmListener, string]>);
  const info = farmInfo(origins, certs.ca);
  ready = { table: originTable(info, log), origins };
  return {
    ...info,
    bound,
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
    tls('https', options.tlsPort, options.certificate ?? certs.valid),
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
  // The client closes an idle kept-alive connection first (see startFetchService): no reset race.
  server.keepAliveTimeout = 65_000;
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
