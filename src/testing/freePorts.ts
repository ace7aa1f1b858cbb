import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/**
 * `count` distinct TCP ports on 127.0.0.1 that were free a moment ago, all released again. For a command
 * whose ports must be given on its command line, or an address that must lead nowhere.
 *
 * On Linux they are taken below the kernel's ephemeral range (ip_local_port_range), where no server that
 * listens on port 0 (every other server the tests start) is given one: a port the kernel picked and this
 * released was once handed to the next such server, a fetch service, before the farm told of it could
 * use it ("answered by something other than the farm").
 */
export async function freePorts(count: number): Promise<number[]> {
  const range = belowEphemeral();
  const servers: Server[] = [];
  try {
    for (let tries = 0; servers.length < count; tries++) {
      if (range && tries > 200) throw new Error(`no ${count} free ports below ${range.high}`);
      const server = createServer();
      const port = range ? range.low + Math.floor(Math.random() * (range.high - range.low)) : 0;
      const bound = await new Promise<boolean>((resolve) => {
        server.once('error', () => resolve(false));
        server.listen(port, '127.0.0.1', () => resolve(true));
      });
      // A port already held (by another test, or by the ones taken here) fails to bind: try another.
      if (bound) servers.push(server);
    }
    return servers.map((s) => (s.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
}

/** Ports from 10000 up to the first ephemeral one, when the kernel says where that is and leaves room. */
function belowEphemeral(): { low: number; high: number } | undefined {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 11_000 ? { low: 10_000, high: first } : undefined;
  } catch {
    return undefined;
  }
}
