import { createServer, request as httpRequest } from 'node:http';
import { connect, isIP, type AddressInfo, type Socket } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ProxiedRequest {
  /** "CONNECT" for a tunnel, else the forwarded method. */
  method: string;
  /** host:port for a tunnel, the absolute URL for a forwarded request. */
  target: string;
}

/**
 * A forward proxy on loopback (absolute-form HTTP and CONNECT tunnels) that records what it is asked
 * for. It dials loopback only: names go through `hosts`, and a target that does not map to a loopback
 * address is answered 502 and recorded in `refused`, never connected to.
 */
export interface TestProxy {
  url: string;
  readonly requests: readonly ProxiedRequest[];
  readonly refused: readonly string[];
  close(): Promise<void>;
}

export async function startTestProxy(options: { hosts?: Record<string, string> } = {}): Promise<TestProxy> {
  const requests: ProxiedRequest[] = [];
  const refused: string[] = [];
  const sockets = new Set<Socket>();
  const mapHost = (host: string): string | undefined => {
    const bare = host.replace(/^\[|\]$/g, '');
    const mapped = options.hosts?.[bare] ?? bare;
    return isIP(mapped) && ipaddr.parse(mapped).range() === 'loopback' ? mapped : undefined;
  };

  const server = createServer((req, res) => {
    const target = req.url ?? '';
    requests.push({ method: req.method ?? '', target });
    const url = URL.canParse(target) ? new URL(target) : undefined;
    const address = url && mapHost(url.hostname);
    if (!url || !address) {
      refused.push(target);
      res.writeHead(502).end();
      return;
    }
    const upstream = httpRequest(
      { host: address, port: url.port || 80, path: url.pathname + url.search, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });

  server.on('connect', (req, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    requests.push({ method: 'CONNECT', target });
    const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(target);
    const address = match && mapHost(match[1]!);
    client.on('error', () => undefined);
    if (!match || !address) {
      refused.push(target);
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    const upstream = connect(Number(match[2]), address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    sockets.add(client);
    upstream.on('error', () => client.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refused,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
