import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackHost } from '../../../src/harness/exchange/isLoopbackHost.ts';

/** A request to the service as the proxy passes it on. */
export interface ProxiedRequest {
  method: string;
  path: string;
  /** Lowercase names; only the ones a fetch-service request carries. */
  headers: Record<string, string>;
  /** The body as text, cut at `keptBytes`. */
  text: string;
  /** The body's length as received, in bytes. */
  size: number;
  signal: AbortSignal;
}

/**
 * A longer body (the tens of MiB of the request-limit probe) is read to its end but passed on cut to this
 * length: the reference refuses both alike (its limit is 64 KiB), and holding and re-sending it whole
 * would weigh on every run of the suite.
 */
const keptBytes = 4 * 1024 * 1024;

/** A reply as the proxy gives it back; `json` is `text` parsed, when it parses. */
export interface ProxiedReply {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
}

/** Thrown by a transform to drop the connection unanswered, as a service that crashed would. */
export class DroppedConnection extends Error {}

/** What a broken variant does to one request: change it, change its reply, or answer on its own. */
export type Transform = (request: ProxiedRequest, forward: (request: ProxiedRequest) => Promise<ProxiedReply>) => Promise<ProxiedReply>;

const passedHeaders = ['content-type', 'x-svc-api-key', 'authorization'];
const repliedHeaders = ['content-type', 'retry-after', 'www-authenticate', 'x-request-id', 'allow'];

/**
 * An HTTP proxy on 127.0.0.1 in front of a fetch service on loopback, rewriting what passes through it:
 * each broken variant is the reference with one behaviour bent here. It refuses an upstream that is not
 * on loopback, so a variant cannot be pointed beyond this machine.
 */
export async function startRewritingProxy(upstream: string, transform: Transform): Promise<{ url: string; close(): Promise<void> }> {
  if (!isLoopbackHost(new URL(upstream).hostname)) throw new Error(`the rewriting proxy forwards to loopback only, not ${upstream}`);
  const forward = async (request: ProxiedRequest): Promise<ProxiedReply> => {
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    // Bytes, not a string: fetch would label a string body text/plain when the caller sent no Content-Type.
    const response = await fetch(upstream + request.path, { method: request.method, headers: request.headers, body: hasBody ? Buffer.from(request.text) : null, signal: request.signal });
    const text = await response.text();
    const headers = Object.fromEntries(repliedHeaders.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : [])));
    return { status: response.status, headers, text, json: parseJson(text) };
  };
  const server = createServer((req, res) => {
    // A caller that goes away (the concurrency probe cuts its crowd) frees the service's slot too.
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    void readRequest(req, gone.signal)
      .then((request) => transform(request, forward))
      .then((reply) => res.writeHead(reply.status, { ...reply.headers, 'content-length': Buffer.byteLength(reply.text) }).end(reply.text))
      .catch((err: unknown) => {
        if (err instanceof DroppedConnection) return void res.destroy();
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('rewriting proxy: the upstream did not answer\n');
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A reply with `json` as its body (and text), for transforms that rewrite a JSON reply. */
export function withJson(reply: ProxiedReply, json: unknown, status = reply.status): ProxiedReply {
  return { ...reply, status, json, text: JSON.stringify(json) };
}

/** A request with `json` as its body. */
export function withBody(request: ProxiedRequest, json: unknown): ProxiedRequest {
  return { ...request, text: JSON.stringify(json) };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readRequest(req: IncomingMessage, signal: AbortSignal): Promise<ProxiedRequest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    if (size < keptBytes) chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  const headers: Record<string, string> = {};
  for (const name of passedHeaders) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { method: req.method ?? 'GET', path: req.url ?? '/', headers, text: Buffer.concat(chunks).subarray(0, keptBytes).toString('utf8'), size, signal };
}
