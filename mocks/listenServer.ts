import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where and how a mock listens over HTTP. */
export interface ServeOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (the default) = any free port. */
  port?: number;
}

export interface ServedMock {
  /** http://host:port, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** Starts `server` listening; its URL is known once it listens, and close() drops kept-alive connections too. */
export async function listenServer(server: Server, options: ServeOptions): Promise<ServedMock> {
  // The client closes an idle kept-alive connection first (see startFetchService): no reset race.
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
