import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP listener on loopback that counts the connections it gets, on one port at 127.0.0.1 and, where
 * the host has them, 127.0.0.2 and ::1. SSRF probes name it: a refusal that comes after a connection
 * shows up as a count above zero, and a target that fetches it gets an unmistakable "canary" page.
 */
export interface Canary {
  port: number;
  /** The addresses it listens on. */
  addresses: string[];
  readonly connections: number;
  close(): Promise<void>;
}

const optionalAddresses = ['127.0.0.2', '::1'];

export async function startCanary(): Promise<Canary> {
  let connections = 0;
  const servers: Server[] = [];
  const make = (): Server => {
    // Connection: close, so a client that keeps connections alive still opens (and is counted) anew.
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' }).end('canary: this request should never have been made\n');
    });
    server.on('connection', (socket) => {
      connections++;
      socket.on('error', () => undefined);
    });
    servers.push(server);
    return server;
  };
  const port = await listen(make(), 0, '127.0.0.1');
  if (port === undefined) throw new Error('canary: cannot listen on 127.0.0.1');
  const addresses = ['127.0.0.1'];
  for (const address of optionalAddresses) {
    // 127.0.0.2 needs the whole of 127/8 on the loopback interface (Linux has it, macOS does not by default).
    if ((await listen(make(), port, address)) !== undefined) addresses.push(address);
  }
  return {
    port,
    addresses,
    get connections() {
      return connections;
    },
    close: async () => {
      await Promise.all(
        servers.map((s) => new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        })),
      );
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}
