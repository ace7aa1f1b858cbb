import { createServer as createHttpServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface OriginRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** An HTTP(S) server on loopback that a test controls, recording the requests it receives. */
export interface LocalOrigin {
  /** e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  host: string;
  port: number;
  readonly requests: readonly OriginRequest[];
  /** The same origin under another host name (one a stub resolver maps to loopback, or an allowlisted one). */
  urlFor(hostname: string): string;
  close(): Promise<void>;
}

export interface LocalOriginOptions {
  /** Serve HTTPS with this key and certificate (see createTestCertificates). */
  tls?: { key: string; cert: string };
  /** Listen address; 127.0.0.1 unless a test needs ::1. */
  host?: string;
}

export async function startLocalOrigin(handler: RequestListener, options: LocalOriginOptions = {}): Promise<LocalOrigin> {
  const requests: OriginRequest[] = [];
  const recordThen: RequestListener = (req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, recordThen) : createHttpServer(recordThen);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const scheme = options.tls ? 'https' : 'http';
  const urlFor = (hostname: string) => `${scheme}://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
  return {
    url: urlFor(host),
    host,
    port,
    requests,
    urlFor,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
