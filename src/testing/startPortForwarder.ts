import { connect, createServer, type Server, type Socket } from 'node:net';

/** Where a forwarded port leads. */
export interface Forward {
  /** The port the forwarder listens on (127.0.0.1). */
  from: number;
  /** host:port every connection to `from` is joined to. */
  to: { host: string; port: number };
}

export interface PortForwarder {
  /** Connections carried so far, by `from` port. */
  connections(from: number): number;
  close(): Promise<void>;
}

/**
 * A TCP forwarder on 127.0.0.1, as a NAT, a cloud load balancer in TCP mode or `ssh -L` would be in front
 * of an origin farm: bytes pass as they are (TLS included, so the farm's certificates are what a client
 * sees), each connection joined to its target and closed or reset with it.
 */
export async function startPortForwarder(forwards: readonly Forward[]): Promise<PortForwarder> {
  const counts = new Map<number, number>();
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const servers: Server[] = forwards.map(({ from, to }) =>
    createServer((client) => {
      counts.set(from, (counts.get(from) ?? 0) + 1);
      const upstream = connect(to.port, to.host);
      track(client);
      track(upstream);
      client.pipe(upstream).pipe(client);
      // Whichever side fails, the other goes too, as a reset (a forwarder keeps no half of a connection).
      client.once('error', () => upstream.destroy());
      upstream.once('error', () => client.resetAndDestroy());
    }),
  );
  try {
    await Promise.all(
      servers.map(
        (server, i) =>
          new Promise<void>((resolve, reject) => {
            server.once('error', reject);
            server.listen(forwards[i]!.from, '127.0.0.1', () => resolve());
          }),
      ),
    );
  } catch (err) {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    throw err;
  }
  return {
    connections: (from) => counts.get(from) ?? 0,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}
