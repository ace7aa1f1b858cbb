import { createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP listener on loopback that counts the connections it receives and hangs up on each. Point a
 * refused URL at it: a count above zero means a refusal came too late, after a connection was made.
 */
export interface Canary {
  /** The port, the same on 127.0.0.1 and, where the host has it, on ::1. */
  port: number;
  /** Loopback addresses it listens on. */
  addresses: string[];
  /** Connections received so far. */
  readonly connections: number;
  close(): Promise<void>;
}

function listenOn(server: Server, port: number, host: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : undefined);
    });
  });
}

export async function startCanary(): Promise<Canary> {
  let connections = 0;
  const onConnection = (socket: Socket) => {
    connections++;
    socket.on('error', () => undefined);
    socket.destroy();
  };
  const v4 = createServer(onConnection);
  const port = await listenOn(v4, 0, '127.0.0.1');
  if (port === undefined) throw new Error('canary: cannot listen on 127.0.0.1');
  const servers = [v4];
  const addresses = ['127.0.0.1'];
  const v6 = createServer(onConnection);
  if ((await listenOn(v6, port, '::1')) !== undefined) {
    servers.push(v6);
    addresses.push('::1');
  }
  return {
    port,
    addresses,
    get connections() {
      return connections;
    },
    close: async () => {
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}
